import { keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/** One page of a cursor-paged API answer (`nextCursor` absent or null on the last page). */
export interface CursorPage<T> {
  items: T[];
  nextCursor?: string | null;
}

export interface CursorList<T, P extends CursorPage<T>> {
  /** Every row loaded so far for the current key, in the API's order. */
  items: T[];
  /**
   * While the first page of a new key loads: the rows of the key before (e.g. the previous sort), so
   * a table can stay in place marked busy instead of jumping. Empty otherwise.
   */
  previousItems: T[];
  /** The last page's answer (e.g. a total the API sends with each page). */
  lastPage: P | undefined;
  /** loading: the first page (`items` is empty), a refresh, or, with `loadingMore`, a further page. */
  status: 'loading' | 'loaded' | 'failed';
  loadingMore: boolean;
  error: unknown;
  hasMore: boolean;
  /** Fetches the next page and appends it. */
  loadMore(): void;
  /** Repeats the request that failed (the first page or the next one). */
  retry(): void;
}

/**
 * A "Load more" list over an API's cursor pages: a TanStack infinite query under `queryKey` (e.g. a
 * tab, or a search and a sort; lib/query-client.ts). A new key starts again from the first page;
 * rows already shown stay while a further page loads or fails. Rows change in place after a save
 * with `updateCursorListItems`.
 */
export function useCursorList<T, P extends CursorPage<T>>(queryKey: QueryKey, loadPage: (cursor: string | undefined, signal: AbortSignal) => Promise<P>): CursorList<T, P> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => loadPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: P) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  // The first rows are rendered as a transition, in slices (useDeferredValue; see lib/use-resource.ts);
  // once rows are shown, later states show at once.
  const { data, isPlaceholderData, isFetchNextPageError, isFetching, isError, isSuccess, isFetchingNextPage, error, hasNextPage, fetchNextPage, refetch } = query;
  const list = useMemo(
    () => cursorList<T, P>({ data, isPlaceholderData, isFetchNextPageError, isFetching, isError, isSuccess, isFetchingNextPage, error, hasNextPage, fetchNextPage, refetch }),
    [data, isPlaceholderData, isFetchNextPageError, isFetching, isError, isSuccess, isFetchingNextPage, error, hasNextPage, fetchNextPage, refetch],
  );
  const shown = useDeferredValue(list);
  return shown.items.length > 0 || shown.previousItems.length > 0 || shown.lastPage !== undefined ? list : shown;
}

type QueryState<P> = Pick<
  UseInfiniteQueryResult<InfiniteData<P>>,
  'data' | 'isPlaceholderData' | 'isFetchNextPageError' | 'isFetching' | 'isError' | 'isSuccess' | 'isFetchingNextPage' | 'error' | 'hasNextPage' | 'fetchNextPage' | 'refetch'
>;

function cursorList<T, P extends CursorPage<T>>(query: QueryState<P>): CursorList<T, P> {
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.items);
  const placeholder = query.isPlaceholderData;
  const nextPageFailed = query.isFetchNextPageError;
  const status = query.isFetching ? 'loading' : query.isError ? 'failed' : query.isSuccess ? 'loaded' : 'loading';
  return {
    items: placeholder ? [] : rows,
    previousItems: placeholder ? rows : [],
    lastPage: placeholder ? undefined : pages.at(-1),
    status,
    loadingMore: query.isFetchingNextPage,
    error: query.error,
    hasMore: !placeholder && query.hasNextPage,
    loadMore: () => {
      if (status === 'loaded' && query.hasNextPage) void query.fetchNextPage();
    },
    retry: () => void (nextPageFailed ? query.fetchNextPage() : query.refetch()),
  };
}

/**
 * Changes the cached rows of a "Load more" list in place (a row saved, a draft deleted) from what the
 * server answered, without fetching every loaded page again.
 */
export function updateCursorListItems<T, P extends CursorPage<T>>(client: QueryClient, queryKey: QueryKey, change: (items: T[]) => T[]): void {
  client.setQueryData<InfiniteData<P>>(queryKey, (data) => (data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data));
}
