import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, signedInUser, storage, storeAmplifySession } from '../../amplify-mock';
import { productView, teaContent } from './listings-fixtures';
import { renderApp, resetAppState } from '../../render-app';
import { stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));
vi.mock('aws-amplify/storage', () => storage);

/**
 * Issue 24, item 17: resubmitting a rejected product always ends in something the vendor sees. While
 * the server's image checks still run (the API answers 400 `listing_error_image_not_checked`), the
 * form says so and sends again by itself until they pass; a missing field or a failed image is named
 * in the form's alert, not only by its field. The real form and page, the API answered by a stub.
 */

const location = () => screen.getByTestId('location').textContent;

/** Opens P-4's item form and waits for its main button (generous: the first render loads the page's chunks, on a busy machine). */
async function openForm(handler: SalesHandler, lang: 'en' | 'zh-TW') {
  storeAmplifySession();
  stubSalesFetch(handler);
  renderApp('/products/P-4/edit');
  await screen.findByRole('button', { name: en.resubmit_for_review }, { timeout: 45_000 });
  if (lang === 'zh-TW') await act(() => switchLanguage('zh-TW'));
  return userEvent.setup();
}
const stillChecking = { status: 400, body: { error: 'validation_error', message: 'Check these fields: images.', fields: { images: 'listing_error_image_not_checked' } } };

/** P-4, rejected; its PUTs answered in turn by `answers` (the last one repeats). */
function rejectedProduct(answers: { status: number; body: unknown }[], product = productView(4, 'rejected')) {
  let puts = 0;
  const handler: SalesHandler = (call) => {
    if (call.path === '/api/products/P-4' && call.method === 'GET') return { status: 200, body: product };
    if (call.path === '/api/products/P-4' && call.method === 'PUT') return answers[Math.min(puts++, answers.length - 1)];
    if (call.path === '/api/products' && call.method === 'GET') return { status: 200, body: { items: [] } };
    return undefined;
  };
  return { handler, puts: () => puts };
}

describe('resubmitting a rejected product', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  for (const [lang, text] of [
    ['en', en],
    ['zh-TW', zhTW],
  ] as const) {
    it(`waits while the images are still being checked, saying so, then lands in Pending review (${lang})`, { timeout: 90_000 }, async () => {
      const api = rejectedProduct([stillChecking, stillChecking, { status: 200, body: productView(4, 'pending') }]);
      const user = await openForm(api.handler, lang);
      await user.click(screen.getByRole('button', { name: text.resubmit_for_review }));
      // Progress, politely announced, while the server's checks run; the button stays busy.
      const progress = await screen.findByTestId('form-image-check-progress', {}, { timeout: 10_000 });
      expect(progress.getAttribute('role')).toBe('status');
      expect(progress.textContent).toBe(text.images_being_checked);
      expect(screen.queryByTestId('form-failure')).toBeNull();
      expect(screen.queryByTestId('form-errors')).toBeNull();
      // Sent again by itself until the checks passed: then the Pending tab with the submitted notice.
      await waitFor(() => expect(location()).toBe('/products?tab=pending'), { timeout: 15_000 });
      expect(api.puts()).toBe(3);
      expect((await screen.findByTestId('products-notice')).textContent).toContain(text.product_submitted.replace('{{name}}', 'High Mountain Oolong Tea'));
    });

    it(`names what is missing when a field is empty or an image failed its check (${lang})`, { timeout: 90_000 }, async () => {
      const api = rejectedProduct([
        { status: 400, body: { error: 'validation_error', message: 'Check these fields: images, nutritionLabel.', fields: { images: 'listing_error_image_rejected', nutritionLabel: 'listing_error_image_not_checked' } } },
      ]);
      const user = await openForm(api.handler, lang);
      await user.click(screen.getByRole('button', { name: text.resubmit_for_review }));
      // A failed image ends the wait at once: the alert names both image fields.
      const alert = await screen.findByTestId('form-errors', {}, { timeout: 10_000 });
      expect(alert.getAttribute('role')).toBe('alert');
      const list = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' });
      for (const name of [text.image_manager_title, text.nutrition_label]) expect(alert.textContent).toContain(name);
      expect(alert.textContent).toBe(text.form_has_errors.replace('{{fields}}', list.format([text.image_manager_title, text.nutrition_label])));
      expect(screen.getByTestId('images-error').textContent).toBe(text.listing_error_image_rejected);
      expect(api.puts()).toBe(1);
      expect(screen.queryByTestId('form-image-check-progress')).toBeNull();
      expect(location()).toBe('/products/P-4/edit');
    });

    it(`names a field the rejected version lacks before sending anything (${lang})`, { timeout: 90_000 }, async () => {
      const api = rejectedProduct([{ status: 200, body: productView(4, 'pending') }], productView(4, 'rejected', {}, teaContent({ barcode: '', nutritionLabel: undefined })));
      const user = await openForm(api.handler, lang);
      await user.click(screen.getByRole('button', { name: text.resubmit_for_review }));
      const alert = await screen.findByTestId('form-errors', {}, { timeout: 10_000 });
      const list = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' });
      for (const name of [text.field_barcode, text.nutrition_label]) expect(alert.textContent).toContain(name);
      expect(alert.textContent).toBe(text.form_has_errors.replace('{{fields}}', list.format([text.field_barcode, text.nutrition_label])));
      expect(screen.getByTestId('label-error').textContent).toBe(text.listing_error_nutrition_label_required);
      expect(api.puts()).toBe(0);
    });
  }
});
