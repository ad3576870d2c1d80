import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './error-message';

export type DownloadState<T> = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; result: T } | { kind: 'failed'; message: string; error: unknown };

/**
 * A download the vendor started with a click (the orders export, a payout statement): busy while it
 * runs, then done or failed with a message for the page. Starting again cancels the previous one,
 * and leaving the page cancels a running one.
 */
export function useDownload<T>(start: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<DownloadState<T>>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setState({ kind: 'busy' });
    try {
      const result = await start(current.signal);
      if (!current.signal.aborted) setState({ kind: 'done', result });
    } catch (err) {
      if (!current.signal.aborted) setState({ kind: 'failed', message: errorMessage(err), error: err });
    }
  }, [start]);

  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, run, reset };
}
