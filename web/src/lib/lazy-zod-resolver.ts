import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * A react-hook-form resolver for a schema of contracts/ whose module is loaded on the form's first
 * check, not with the page's chunk (@hookform/resolvers itself is small and comes with the page). The contracts' form schemas
 * are classic zod (~27 KB gzip), which would put a page whose form is one of several sections (a
 * console section, the team page, a support case) over its 60 KB route budget (`bench:web`,
 * test/scripts/admin-console-graph.test.ts); their modules usually load with the screen's first
 * answer anyway (the api/ files' `import()` beside the request), so by the time a user submits, the
 * schema is in memory. react-hook-form awaits resolvers, so the form behaves as with
 * `zodResolver(schema)`: the values passed on are the schema's output (trimmed texts, parsed
 * numbers); its messages are text keys.
 */
export function lazyZodResolver<S extends z.$ZodType<FieldValues, FieldValues>>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  type Typed = Resolver<z.input<S>, unknown, z.output<S>>;
  let ready: Promise<Typed> | undefined;
  return async (values, context, options) => {
    ready ??= load().then((schema) => zodResolver(schema) as unknown as Typed);
    // A failed load is tried again on the next submit (a chunk lost to a network blip).
    const resolve = await ready.catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return resolve(values, context, options);
  };
}
