/**
 * The local stand-in for the scheduled Lambdas that run on a rate (issue 15: the restock run,
 * lib/restock.ts, every 15 minutes in the cloud): the same handler module, in this process, every
 * `everyMs` (a minute by default), so a product out of stock until today comes back while the portal
 * runs. One run at a time; a failed run is logged and the next one tries again, as the schedule's.
 */
import { restockFunction } from '../../contracts/functions';
import { loadHandler } from './lambda-runtime';

export interface LocalSchedule {
  /** Runs the restock now (and waits for it): what tests and `npm run stock:restock` use. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRestockSchedule(opts: { log(line: string): void; everyMs?: number }): Promise<LocalSchedule> {
  const { handler } = await loadHandler<() => Promise<{ due: number; restocked: number }>>(restockFunction.entry);
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const summary = await handler();
        if (summary.due > 0) opts.log(`restock: ${summary.restocked} of ${summary.due} product(s) back on sale`);
      } catch (err) {
        opts.log(`restock: ${String(err)}`);
      }
    });
    return running;
  };
  const timer = setInterval(() => void run(), opts.everyMs ?? 60_000);
  timer.unref();
  return {
    runNow: run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
