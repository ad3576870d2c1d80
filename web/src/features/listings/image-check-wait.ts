/**
 * A save sent while the server's image check (lambdas/images, run on S3's object-created event) has
 * not yet judged an image of the form: the API refuses it with 400 `listing_error_image_not_checked`
 * on `images` / `nutritionLabel` and writes nothing, and the check normally answers within seconds.
 * Rather than leave the vendor to guess when to press again (issue 24), the form sends the same save
 * again on this schedule, saying meanwhile that the images are being checked, until the API takes it
 * or answers anything else (another field, a failed image), or the wait is over: then the last answer
 * is the form's to show, the field's message naming the images still unchecked.
 */
import { serverFieldErrors } from '../../lib/field-errors';

/** The check takes seconds; a retried Lambda (up to three tries, lib/images.ts) can take a minute. */
export const IMAGE_CHECK_WAIT_MS = 90_000;

/** The pause before each new try: soon at first (most checks are done in a second or two), then every 5 s. */
export const imageCheckRetryDelay = (attempt: number): number => [1_000, 2_000, 3_000][attempt] ?? 5_000;

const NOT_CHECKED = 'listing_error_image_not_checked';

/** A 400 whose every field problem is an image not checked yet: worth sending again. */
export function onlyImagesUnchecked(err: unknown): boolean {
  const fields = Object.values(serverFieldErrors(err));
  return fields.length > 0 && fields.every((code) => code === NOT_CHECKED);
}

/**
 * `send()` until it resolves or fails for another reason than images still being checked;
 * `onWaiting` is called before the first pause. A `signal` aborted (the form went away) ends the
 * wait with the last error. `now` and `sleep` are the clock (tests and the form use the real one).
 */
export async function sendWhenImagesChecked<T>(
  send: () => Promise<T>,
  opts: { onWaiting(): void; signal?: AbortSignal; waitMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> },
): Promise<T> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const until = now() + (opts.waitMs ?? IMAGE_CHECK_WAIT_MS);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (err) {
      const pause = imageCheckRetryDelay(attempt);
      if (!onlyImagesUnchecked(err) || opts.signal?.aborted || now() + pause > until) throw err;
      if (attempt === 0) opts.onWaiting();
      await sleep(pause);
      if (opts.signal?.aborted) throw err;
    }
  }
}
