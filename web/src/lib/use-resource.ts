import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a page shows of data it loads: loading (with the last answer, if any), loaded or failed. */
export type Resource<T> =
  | { status: 'loading'; previous: T | undefined }
  | { status: 'loaded'; data: T }
  | { status: 'failed'; error: unknown; previous: T | undefined };

type Settled<T> = { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * Loads data for `key` (e.g. a filter and a cursor) and loads again whenever the key changes or
 * `retry()` is called. An answer for an older key is dropped (its request is aborted), so a slow
 * first page never overwrites the second. While loading, the previous answer stays available, so a
 * table can stay on screen, marked busy, instead of jumping.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${attempt}|${key}`;
  const [settled, setSettled] = useState<{ key: string; value: Settled<T> } | null>(null);
  const [lastData, setLastData] = useState<T | undefined>(undefined);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ key: requestKey, value: { status: 'loaded', data } });
        setLastData(data);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key: requestKey, value: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [requestKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (settled?.key !== requestKey) return { status: 'loading', previous: lastData, retry };
  if (settled.value.status === 'failed') return { status: 'failed', error: settled.value.error, previous: lastData, retry };
  return { ...settled.value, retry };
}
