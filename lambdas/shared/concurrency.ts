/**
 * Bounded parallelism for fan-outs (issue 23: the payout run at 100,000 vendors). A plain
 * `Promise.all` over thousands of requests would open thousands of sockets at once and meet the
 * service's throttling; one at a time is what made the run take 800 s. These keep a fixed number in
 * flight.
 */

/** `run(task)` starts `task` when fewer than `limit` tasks of this limiter are running, else waits for a slot. */
export type Limiter = <R>(task: () => Promise<R>) => Promise<R>;

export function limiter(limit: number): Limiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A limit must be a whole number ≥ 1, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <R>(task: () => Promise<R>): Promise<R> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * `task` for every item with at most `limit` in flight; the results in the items' order. The first
 * failure rejects once the tasks already started have settled (none is left running unobserved);
 * no new task starts after it.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        results[i] = await task(items[i]!, i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
