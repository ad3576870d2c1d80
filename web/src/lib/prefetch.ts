/**
 * Fetches a lazy chunk ahead of need without competing with the page's own loading: once the window
 * has loaded, after `delayMs`, when the browser is idle. Used for a dialog's or a form's code (zod and
 * react-hook-form are ~40 KB gzip) that the page does not show at first but should open without a
 * wait; evaluating it while the page renders would block the main thread exactly then.
 * Returns a cancel function (an effect's cleanup).
 */
export function prefetchWhenIdle(load: () => Promise<unknown>, delayMs = 2_000): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) load().catch(() => undefined);
  };
  const schedule = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
      else run();
    }, delayMs);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', schedule);
  };
}
