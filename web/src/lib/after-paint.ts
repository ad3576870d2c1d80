/**
 * Resolves once the browser has painted the current frame (or after `maxWaitMs`, for a tab in the
 * background, where animation frames wait until it is shown). Code a page needs only after its first
 * paint (the signed-in shell behind "Checking authentication...") is requested from here, so the
 * first paint never waits for, or competes with, those downloads.
 */
export function afterFirstPaint(maxWaitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
