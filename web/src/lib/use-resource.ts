import type { UseQueryResult } from '@tanstack/react-query';

/** What a page shows of data it loads: loading (with the last answer, if any), loaded or failed. */
export type Resource<T> =
  | { status: 'loading'; previous: T | undefined }
  | { status: 'loaded'; data: T }
  | { status: 'failed'; error: unknown; previous: T | undefined };

/**
 * A TanStack Query result (lib/query-client.ts) as the pages' LoadStatus sees it. While a request
 * runs the status is `loading` and `previous` is what can stay on screen, marked busy: the answer of
 * the key before (with `placeholderData: keepPreviousData`) or this key's cached one. `retry()`
 * repeats the request (the **Try again** button). An answer for an older key never shows under a
 * newer one: each key has its own cache entry, and a request whose key is gone is aborted.
 */
export function toResource<T>(query: UseQueryResult<T>): Resource<T> & { retry(): void } {
  const retry = () => void query.refetch();
  if (query.isFetching || query.isPending) return { status: 'loading', previous: query.data, retry };
  if (query.isError) return { status: 'failed', error: query.error, previous: query.data, retry };
  return { status: 'loaded', data: query.data, retry };
}
