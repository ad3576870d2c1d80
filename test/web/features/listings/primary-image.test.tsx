/**
 * The primary-image advice in the item form and the image manager (issue 15): as soon as an image
 * becomes primary, what the rules (contracts/primary-image.ts, run here for real on pixels built in
 * the test) find wrong with it, beside it, in both languages; and the guideline saying what is not
 * checked automatically. jsdom has no canvas, so the one browser-only step — reading an image's
 * pixels (primary-image-check.ts) — is replaced by pixels made here, per image URL.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkPrimaryImage, type PrimaryImageCheck, type RgbaImage } from '../../../../contracts/primary-image';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, fakeUploadTasks, signedInUser, storage } from '../../amplify-mock';
import { jpegFile, openRoute, productView } from './listings-fixtures';
import { resetAppState } from '../../render-app';
import type { SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));
vi.mock('aws-amplify/storage', () => storage);

const pixels = vi.hoisted(() => ({ byUrl: new Map<string, () => PrimaryImageCheck | null>() }));
vi.mock('../../../../web/src/features/listings/primary-image-check', () => ({
  measurePrimaryImage: async (url: string) => pixels.byUrl.get(url)?.() ?? null,
}));

type Rgb = [number, number, number];
/** A frame of `background` with a dark product of `box` (shares of the frame), centred. */
function picture(width: number, height: number, background: Rgb, box: { w: number; h: number }): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  const [x0, x1] = [Math.round((width * (1 - box.w)) / 2), Math.round((width * (1 + box.w)) / 2)];
  const [y0, y1] = [Math.round((height * (1 - box.h)) / 2), Math.round((height * (1 + box.h)) / 2)];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(x >= x0 && x < x1 && y >= y0 && y < y1 ? [30, 80, 180, 255] : [...background, 255], (y * width + x) * 4);
  }
  return { data, width, height };
}
const WHITE: Rgb = [255, 255, 255];
/** 4000 × 3000 (shown downscaled), light grey, the product 60 % of the frame high. */
const bad = () => checkPrimaryImage(picture(400, 300, [220, 220, 220], { w: 0.3, h: 0.6 }), { width: 4000, height: 3000 });
/** Square, white, the product 92 % high. */
const good = () => checkPrimaryImage(picture(200, 200, WHITE, { w: 0.5, h: 0.92 }));

const api: SalesHandler = (c) => {
  if (c.path === '/api/products/P-1' && c.method === 'GET') return { status: 200, body: productView(1, 'draft') };
  if (c.path === '/api/products') return { status: 200, body: { items: [] } };
  return undefined;
};

async function openManager() {
  const tasks = fakeUploadTasks();
  const opened = await openRoute('/products/new', api, /^Add a product$/);
  await opened.user.click(await screen.findByRole('button', { name: en.manage_images }));
  const dialog = await screen.findByRole('dialog', { name: en.image_manager_title });
  return { ...opened, tasks, dialog, addFiles: (files: File[]) => opened.user.upload(within(dialog).getByTestId('image-file-input'), files) };
}

const lines = (advice: HTMLElement) => within(advice).queryAllByRole('listitem').map((li) => li.textContent);

describe('the primary-image advice (issue 15)', () => {
  // The form's lazy chunk, transformed once before the first test's 5-second wait for its heading (a loaded machine needs longer).
  beforeAll(async () => {
    await import('../../../../web/src/features/listings/product-form-page');
  }, 60_000);
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    pixels.byUrl.clear();
    // Object URLs name their file, so the pixels above can be told apart.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (file: File) => `blob:${file.name}`, revokeObjectURL: () => undefined }));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await act(() => switchLanguage('en'));
  });

  it('says what is wrong with the primary image, in the manager and the form, and follows the primary when it changes', async () => {
    pixels.byUrl.set('blob:shelf.jpg', bad);
    pixels.byUrl.set('blob:studio.jpg', good);
    const { dialog, addFiles, user, tasks } = await openManager();
    await addFiles([jpegFile('shelf.jpg'), jpegFile('studio.jpg')]);
    await waitFor(() => expect(tasks).toHaveLength(2));

    const inManager = await within(dialog).findByText(en.primary_check_problems);
    const advice = inManager.closest<HTMLElement>('[data-testid="manager-primary-advice"]')!;
    expect(advice.getAttribute('aria-live')).toBe('polite');
    expect(lines(advice)).toEqual([
      'It is not square: width and height differ by 33 %. Crop it to a square.',
      'The background is not pure white (only 0 % of it is). Use a pure white (#FFFFFF) background.',
      'The product fills only 60 % of the frame; it should fill at least 85 %. Crop closer to the product.',
    ]);
    expect(advice.textContent).toContain('Text, logos and watermarks are not checked automatically.');
    // Only the primary image gets advice.
    expect(within(dialog).getAllByTestId('manager-primary-advice')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Make studio.jpg the primary image' }));
    await waitFor(() => expect(within(dialog).getByTestId('manager-primary-advice').textContent).toContain('The primary image looks right: square, pure white background, the product fills 92 % of the frame.'));

    await user.click(within(dialog).getByRole('button', { name: en.done }));
    const inForm = await screen.findByTestId('primary-advice');
    expect(inForm.textContent).toContain('The primary image looks right');
  });

  it('in Traditional Chinese', async () => {
    pixels.byUrl.set('blob:shelf.jpg', bad);
    const { dialog, addFiles, user, tasks } = await openManager();
    await act(() => switchLanguage('zh-TW'));
    await addFiles([jpegFile('shelf.jpg')]);
    await waitFor(() => expect(tasks).toHaveLength(1));
    const advice = await within(dialog).findByTestId('manager-primary-advice');
    await waitFor(() => expect(lines(advice)).toHaveLength(3));
    expect(advice.textContent).toContain(zhTW.primary_check_problems);
    expect(lines(advice)).toEqual(['畫面不是正方形：寬高相差 33%。請裁切成正方形。', '背景不是純白色（只有 0% 是純白）。請使用純白（#FFFFFF）背景。', '商品只占畫面 60%，應至少占 85%。請裁切得更貼近商品。']);
    expect(advice.textContent).toContain('文字、標誌與浮水印不會自動檢查');
    await user.click(within(dialog).getByRole('button', { name: zhTW.done }));
    expect((await screen.findByTestId('primary-advice')).textContent).toContain(zhTW.primary_check_problems);
  });

  it('a stored primary image the server did not measure is measured from its display size when the form opens', async () => {
    pixels.byUrl.set('https://images.test/1.jpg?sig=abc', good);
    await openRoute('/products/P-1/edit', api, new RegExp(`^${en.edit_product_title}$`));
    const advice = await screen.findByTestId('primary-advice');
    await waitFor(() => expect(advice.textContent).toContain('The primary image looks right'));
    // The strip shows the 320-px renditions (issue 23); the label's too.
    expect([...screen.getByTestId('form-images').querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://images.test/1-thumb.jpg?sig=abc', 'https://images.test/2-thumb.jpg?sig=abc']);
    expect(screen.getByTestId('label-slot').querySelector('img')?.getAttribute('src')).toBe('https://images.test/label-thumb.jpg?sig=abc');
  });

  it('a stored primary image shows what the server measured on the upload itself (not the browser\'s look at a rendition)', async () => {
    // The browser would find it good: the server's measurement wins.
    pixels.byUrl.set('https://images.test/1.jpg?sig=abc', good);
    const measured = { problems: ['white_background' as const], aspectRatio: 1, whiteShare: 0.4, fill: 0.9 };
    const view = productView(1, 'draft');
    const withCheck = { ...view, revision: { ...view.revision!, images: view.revision!.images.map((im, i) => (i === 0 ? { ...im, primary: measured } : im)) } };
    const served: SalesHandler = (c) => (c.path === '/api/products/P-1' && c.method === 'GET' ? { status: 200, body: withCheck } : api(c));
    await openRoute('/products/P-1/edit', served, new RegExp(`^${en.edit_product_title}$`));
    const advice = await screen.findByTestId('primary-advice');
    await waitFor(() => expect(lines(advice)).toEqual(['The background is not pure white (only 40 % of it is). Use a pure white (#FFFFFF) background.']));
  });

  it('shows nothing when the browser cannot read the image', async () => {
    const { dialog, addFiles, tasks } = await openManager();
    await addFiles([jpegFile('unreadable.jpg')]);
    await waitFor(() => expect(tasks).toHaveLength(1));
    const advice = within(dialog).getByTestId('manager-primary-advice');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(advice.textContent).toBe('');
  });

  it('the guideline says what is not checked automatically, in both languages', async () => {
    const { user } = await openRoute('/products/new', api, /^Add a product$/);
    await user.click(screen.getByTestId('image-guidelines-open'));
    expect((await screen.findByTestId('guideline-not-automatic')).textContent).toBe(en.guideline_not_automatic);
    expect(en.guideline_not_automatic).toContain('Text, logos and watermarks are not checked automatically');
    await act(() => switchLanguage('zh-TW'));
    expect(screen.getByTestId('guideline-not-automatic').textContent).toBe(zhTW.guideline_not_automatic);
    expect(zhTW.guideline_not_automatic).toContain('文字、標誌與浮水印不會自動檢查');
  });
});
