import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

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

/**
 * `toResource` for a page. The first answer is rendered as a transition (useDeferredValue), which
 * React renders in slices between the browser's other work, so a page's first rows never block input
 * or painting for long (the urgent render keeps showing "Loading..."). Once an answer is shown, later
 * states (a save, a refetch, another filter) show at once.
 */
export function useResource<T>(query: UseQueryResult<T>): Resource<T> & { retry(): void } {
  const { isFetching, isPending, isError, data, error, refetch } = query;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the fields toResource reads
  const resource = useMemo(() => toResource(query), [isFetching, isPending, isError, data, error, refetch]);
  const shown = useDeferredValue(resource);
  return shown.status === 'loaded' || shown.previous !== undefined ? resource : shown;
}
