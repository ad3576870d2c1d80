import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

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
  /** loading: the first page (`items` is empty) or, with `loadingMore`, a further page. */
  status: 'loading' | 'loaded' | 'failed';
  loadingMore: boolean;
  error: unknown;
  hasMore: boolean;
  /** Fetches the next page and appends it. */
  loadMore(): void;
  /** Repeats the request that failed (the first page or the next one). */
  retry(): void;
  /** Changes the loaded rows in place (a row saved, a draft deleted) without fetching again. */
  update(change: (items: T[]) => T[]): void;
}

interface State<T, P> {
  key: string;
  items: T[];
  previousItems: T[];
  lastPage: P | undefined;
  /** Where the page being (or last) requested starts; undefined = the first page. */
  cursor: string | undefined;
  attempt: number;
  status: 'loading' | 'loaded' | 'failed';
  error: unknown;
}

const fresh = <T, P>(key: string, previousItems: T[] = []): State<T, P> => ({ key, items: [], previousItems, lastPage: undefined, cursor: undefined, attempt: 0, status: 'loading', error: undefined });

/**
 * A "Load more" list over an API's cursor pages, for `key` (e.g. a tab, or a search and a sort): a
 * new key starts again from the first page, and an answer for an older key or request is dropped
 * (its request aborted). Rows already shown stay while a further page loads or fails.
 */
export function useCursorList<T, P extends CursorPage<T>>(key: string, loadPage: (cursor: string | undefined, signal: AbortSignal) => Promise<P>): CursorList<T, P> {
  const [state, setState] = useState<State<T, P>>(() => fresh(key));
  // A new key resets at once, in this render, so rows of the previous key are never shown under it.
  const current = state.key === key ? state : fresh<T, P>(key, state.items.length ? state.items : state.previousItems);
  if (current !== state) setState(current);
  const loadRef = useRef(loadPage);
  useLayoutEffect(() => {
    loadRef.current = loadPage;
  });

  const { cursor, attempt, status } = current;
  useEffect(() => {
    if (status !== 'loading') return;
    const controller = new AbortController();
    loadRef.current(cursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState((s) => (s.key === key && s.cursor === cursor ? { ...s, items: [...s.items, ...page.items], previousItems: [], lastPage: page, status: 'loaded', error: undefined } : s));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) => (s.key === key && s.cursor === cursor ? { ...s, status: 'failed', error } : s));
      },
    );
    return () => controller.abort();
  }, [key, cursor, attempt, status]);

  const nextCursor = current.lastPage?.nextCursor ?? undefined;
  const loadMore = useCallback(() => {
    setState((s) => {
      const next = s.lastPage?.nextCursor;
      return s.status === 'loaded' && next ? { ...s, cursor: next, status: 'loading' } : s;
    });
  }, []);
  const retry = useCallback(() => setState((s) => (s.status === 'failed' ? { ...s, attempt: s.attempt + 1, status: 'loading', error: undefined } : s)), []);
  const update = useCallback((change: (items: T[]) => T[]) => setState((s) => ({ ...s, items: change(s.items) })), []);

  return {
    items: current.items,
    previousItems: current.status === 'loading' ? current.previousItems : [],
    lastPage: current.lastPage,
    status: current.status,
    loadingMore: current.status === 'loading' && current.cursor !== undefined,
    error: current.error,
    hasMore: Boolean(nextCursor),
    loadMore,
    retry,
    update,
  };
}
