import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver on a contracts/ zod schema that loads zod, the schema and
 * @hookform/resolvers on the first check (a submit), not with the route: a page whose form is one of
 * several sections (the team page, a support case) stays within its route budget (`bench:web`).
 * react-hook-form awaits resolvers, so the form behaves as with `zodResolver(schema)`.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(loadSchema: () => Promise<unknown>): Resolver<TInput, unknown, TOutput> {
  let resolver: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => (zodResolver as (s: unknown) => Resolver<TInput, unknown, TOutput>)(schema),
    );
    return (await resolver)(values, context, options);
  };
}
