import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../web/src/lib/api';
import { IMAGE_CHECK_WAIT_MS, sendWhenImagesChecked } from '../../../../web/src/features/listings/image-check-wait';

/** A 400 of the products API with these field codes. */
const refused = (fields: Record<string, string>) => new ApiError(400, 'validation_error', 'Check these fields.', { error: 'validation_error', fields });
const unchecked = () => refused({ images: 'listing_error_image_not_checked' });

/** A clock that the pauses move on, so the schedule is read without waiting. */
function fakeClock() {
  let t = 0;
  const pauses: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (pauses.push(ms), (t += ms)), pauses };
}

describe('sendWhenImagesChecked (issue 24: the item form waits for the server’s image checks)', () => {
  it('sends again after 1, 2, 3 s while only images are unchecked, saying so once, and answers the success', async () => {
    const clock = fakeClock();
    const onWaiting = vi.fn();
    const send = vi.fn().mockRejectedValueOnce(unchecked()).mockRejectedValueOnce(unchecked()).mockRejectedValueOnce(unchecked()).mockResolvedValue('saved');
    await expect(sendWhenImagesChecked(send, { onWaiting, ...clock })).resolves.toBe('saved');
    expect(send).toHaveBeenCalledTimes(4);
    expect(clock.pauses).toEqual([1_000, 2_000, 3_000]);
    expect(onWaiting).toHaveBeenCalledTimes(1);
  });

  it('stops at once on any other answer: another field too, a failed image, a 409, a network failure', async () => {
    for (const err of [refused({ images: 'listing_error_image_not_checked', barcode: 'listing_error_barcode' }), refused({ images: 'listing_error_image_rejected' }), new ApiError(409, 'product_under_review', 'Under review.'), new TypeError('Failed to fetch')]) {
      const clock = fakeClock();
      const onWaiting = vi.fn();
      const send = vi.fn().mockRejectedValue(err);
      await expect(sendWhenImagesChecked(send, { onWaiting, ...clock })).rejects.toBe(err);
      expect(send).toHaveBeenCalledTimes(1);
      expect(onWaiting).not.toHaveBeenCalled();
    }
  });

  it('gives up with the last answer when the wait is over, every 5 s after the first pauses', async () => {
    const clock = fakeClock();
    const last = unchecked();
    const send = vi.fn().mockRejectedValue(last);
    await expect(sendWhenImagesChecked(send, { onWaiting: () => undefined, ...clock })).rejects.toBe(last);
    expect(clock.pauses.slice(0, 4)).toEqual([1_000, 2_000, 3_000, 5_000]);
    expect(clock.pauses.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(IMAGE_CHECK_WAIT_MS);
    expect(send).toHaveBeenCalledTimes(clock.pauses.length + 1);
  });

  it('ends the wait when the form goes away', async () => {
    const controller = new AbortController();
    const clock = fakeClock();
    const send = vi.fn().mockRejectedValue(unchecked());
    const sleep = async (ms: number) => {
      await clock.sleep(ms);
      controller.abort();
    };
    await expect(sendWhenImagesChecked(send, { onWaiting: () => undefined, signal: controller.signal, now: clock.now, sleep })).rejects.toBeInstanceOf(ApiError);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
