import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * A react-hook-form resolver for a schema of contracts/ whose module is loaded on the form's first
 * check, not with the page's chunk. The ops console's contracts are classic zod (~27 KB gzip), which
 * would put a section over its 60 KB route budget (issue 24, test/scripts/admin-console-graph.test.ts);
 * their modules already load with the screen's first answer (the api/ files' `import()` beside the
 * request), so by the time an operator submits, the schema is usually in memory. The values passed on
 * are the schema's output (trimmed texts, parsed numbers); its messages are text keys.
 */
export function lazyZodResolver<S extends z.$ZodType<FieldValues, FieldValues>>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    ready ??= load().then((schema) => zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>);
    // A failed load is tried again on the next submit (a chunk lost to a network blip).
    const resolve = await ready.catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return resolve(values, context, options);
  };
}
