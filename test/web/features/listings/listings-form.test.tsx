import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, fakeUploadTasks, signedInUser, storage } from '../../amplify-mock';
import { emptyProductForm } from '../../../../contracts/listings/schema';
import { imageKey, jpegFile, openRoute, pngFile, productView } from './listings-fixtures';
import { goBack, resetAppState } from '../../render-app';
import type { SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));
vi.mock('aws-amplify/storage', () => storage);

const location = () => screen.getByTestId('location').textContent;
const ADD = new RegExp(`^(${en.add_product_title}|${zhTW.add_product_title})$`);
const EDIT = new RegExp(`^${en.edit_product_title}$`);

/** A field's inline error: the element its aria-describedby names with Amplify's error class. */
function errorOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const el = ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('amplify-field__error-message'));
  return el?.textContent ?? null;
}
/** A field's value set at once (one change event): where the test is about the value, not about typing it. */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
// Amplify's SelectField sets size="1", which Testing Library maps to listbox (browsers: combobox): find selects by label.
const select = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLSelectElement;

type SaveBody = { values: { nameEn: string }; submit: boolean };

/** The products API as the form uses it (docs/api.md): POST creates P-9, a draft or pending; lists are empty. */
function productsApi(extra: SalesHandler = () => undefined): SalesHandler {
  return async (call) => {
    const answer = await extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/api/products' && call.method === 'POST') {
      const { values, submit } = call.body as SaveBody;
      return { status: 201, body: productView(9, submit ? 'pending' : 'draft', { nameEn: values.nameEn }) };
    }
    if (call.path === '/api/products' && call.method === 'GET') return { status: 200, body: { items: [] } };
    return undefined;
  };
}
const writes = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method !== 'GET');

describe('the item form (/products/new, /products/:id/edit)', () => {
  // The form's lazy checks (zod and the product schema), transformed once up front: the first save's wait is not spent on them.
  beforeAll(async () => {
    await import('../../../../web/src/features/listings/product-validation');
  }, 60_000);
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has the four sections and says each field error by its field, before any request', { timeout: 20_000 }, async () => {
    const { calls, user } = await openRoute('/products/new', productsApi(), ADD);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([en.section_item_info, en.section_images, en.section_pricing, en.section_dimensions]);
    // The price says what it takes, as the field's description.
    expect(input(en.field_price).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(en.price_hint)).toBeTruthy();

    fill(input(en.field_name_en), 'Oolong Tea');
    fill(input(en.field_price), '1,200');
    fill(input(en.field_barcode), '4712345678905');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    // The checks' chunk loads with the first save: wait for its answer.
    await waitFor(() => expect(errorOf(input(en.field_price))).toBe(en.listing_error_price_format));
    expect(errorOf(input(en.field_barcode))).toBe(en.listing_error_barcode);
    expect(screen.getByTestId('form-errors').getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(input(en.field_barcode));

    fill(input(en.field_price), '12.50');
    fill(input(en.field_compare_at_price), '12.5');
    fill(input(en.field_barcode), '');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(errorOf(input(en.field_compare_at_price))).toBe('The compare-at price must be higher than the selling price.'));
    expect(errorOf(input(en.field_price))).toBeNull();
    expect(writes(calls)).toHaveLength(0);
  });

  it('Submit for review asks for what review needs: every field but the dimensions, an image and the label', async () => {
    const { calls, user } = await openRoute('/products/new', productsApi(), ADD);
    fill(input(en.field_name_en), 'Oolong Tea');
    fill(input(en.field_price), '18.99');
    await user.click(screen.getByRole('button', { name: en.submit_for_review }));
    await waitFor(() => expect(errorOf(input(en.field_name_zh))).toBe(en.listing_error_required_for_review));
    for (const label of [en.field_name_zh, en.field_barcode, en.field_unit_quantity, en.field_description, en.field_ingredients]) {
      expect(errorOf(input(label)), label).toBe(en.listing_error_required_for_review);
    }
    expect(errorOf(input(en.field_weight))).toBe('Enter a weight or a volume to submit for review.');
    expect(errorOf(select(en.field_product_type))).toBe(en.listing_error_required_for_review);
    expect(errorOf(select(en.field_country_of_origin))).toBe(en.listing_error_required_for_review);
    expect(errorOf(input(en.field_volume))).toBeNull();
    expect(errorOf(input(en.field_length))).toBeNull();
    expect(screen.getByTestId('images-error').textContent).toBe(en.listing_error_image_required);
    expect(screen.getByTestId('label-error').textContent).toBe(en.listing_error_nutrition_label_required);
    for (const radio of within(screen.getByRole('group', { name: en.field_has_allergens })).getAllByRole('radio')) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(radio)).toBe(en.listing_error_required_for_review);
    }
    expect(writes(calls)).toHaveLength(0);
    // The same values are a valid draft.
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(location()).toBe('/products?tab=draft'));
  });

  it('Save as draft creates the product with the form values and lands on Drafts with a success alert', async () => {
    const { calls, user } = await openRoute('/products/new', productsApi(), ADD);
    fill(input(en.field_name_en), 'Oolong Tea');
    fill(input(en.field_price), '18.99');
    await user.selectOptions(select(en.field_weight_unit), 'kg');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(location()).toBe('/products?tab=draft'));
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', path: '/api/products', headers: { authorization: 'Bearer id-token-1' } });
    expect(writes(calls)[0]!.body).toEqual({ values: { ...emptyProductForm(), nameEn: 'Oolong Tea', price: '18.99', weightUnit: 'kg' }, submit: false });
    const notice = await screen.findByTestId('products-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('“Oolong Tea” was saved as a draft.');
    expect(screen.getByRole('tab', { name: en.tab_draft }).getAttribute('aria-selected')).toBe('true');
  });

  it('Submit for review with every field, an image and the label: saves, submits and lands on Pending review', { timeout: 60_000 }, async () => {
    const tasks = fakeUploadTasks();
    const { calls, user } = await openRoute('/products/new', productsApi(), ADD);
    fill(input(en.field_name_en), 'High Mountain Oolong Tea');
    fill(input(en.field_name_zh), '高山烏龍茶');
    fill(input(en.field_barcode), '471-2345678900');
    await user.selectOptions(select(en.field_product_type), 'beverages');
    await user.selectOptions(select(en.field_unit_of_measure), 'box');
    fill(input(en.field_unit_quantity), '20');
    fill(input(en.field_description), 'Whole-leaf oolong from Alishan.');
    fill(input(en.field_ingredients), 'Oolong tea leaves');
    await user.click(within(screen.getByRole('group', { name: en.field_has_allergens })).getByRole('radio', { name: en.yes }));
    await user.click(screen.getByRole('checkbox', { name: en.allergen_soybeans }));
    await user.selectOptions(select(en.field_country_of_origin), 'TW');
    fill(input(en.field_price), '18.99');
    fill(input(en.field_compare_at_price), '24');
    fill(input(en.field_weight), '150');

    await user.click(screen.getByRole('button', { name: en.manage_images }));
    const manager = await screen.findByRole('dialog', { name: en.image_manager_title });
    await user.upload(within(manager).getByTestId('image-file-input'), [jpegFile('front.jpg')]);
    await waitFor(() => expect(tasks).toHaveLength(1));
    await user.click(within(manager).getByRole('button', { name: en.done }));
    await user.upload(screen.getByTestId('label-file-input'), pngFile('label.png'));
    await waitFor(() => expect(tasks).toHaveLength(2));

    // Saving waits for the uploads.
    await user.click(screen.getByRole('button', { name: en.submit_for_review }));
    expect(screen.getByTestId('form-failure').textContent).toBe(en.images_still_uploading);
    act(() => tasks.forEach((t) => t.complete()));
    await waitFor(() => expect(screen.queryAllByTestId('upload-progress')).toHaveLength(0));

    await user.click(screen.getByRole('button', { name: en.submit_for_review }));
    await waitFor(() => expect(location()).toBe('/products?tab=pending'));
    expect(writes(calls)).toHaveLength(1);
    const [create] = writes(calls);
    expect(create).toMatchObject({ method: 'POST', path: '/api/products', body: { submit: true } });
    expect((create!.body as { values: unknown }).values).toMatchObject({
      nameEn: 'High Mountain Oolong Tea',
      barcode: '471-2345678900',
      productType: 'beverages',
      unitQuantity: '20',
      hasAllergens: 'yes',
      allergens: ['soybeans'],
      countryOfOrigin: 'TW',
      price: '18.99',
      compareAtPrice: '24',
      weight: '150',
      images: [tasks[0]!.path],
      nutritionLabel: tasks[1]!.path,
    });
    expect((await screen.findByTestId('products-notice')).textContent).toContain('“High Mountain Oolong Tea” was submitted for review.');
  });

  it('sends one Idempotency-Key per save: the same when Save as draft is pressed again after a failure, a new one after an edit', async () => {
    let posts = 0;
    const { calls, user } = await openRoute(
      '/products/new',
      productsApi((c) => (c.method === 'POST' && c.path === '/api/products' && ++posts <= 2 ? { status: 503, body: { error: 'unavailable', message: 'Try again' } } : undefined)),
      ADD,
    );
    fill(input(en.field_name_en), 'Oolong Tea');
    fill(input(en.field_price), '18.99');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await screen.findByTestId('form-failure');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    fill(input(en.field_name_en), 'Oolong Tea Leaves');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(location()).toBe('/products?tab=draft'));
    const keys = (writes(calls) as unknown as { headers: Record<string, string> }[]).map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('puts the server’s field errors back on their fields (schema failures and image checks)', { timeout: 20_000 }, async () => {
    const { user } = await openRoute(
      '/products/new',
      productsApi((c) =>
        c.method === 'POST' && c.path === '/api/products'
          ? {
              status: 400,
              body: {
                error: 'validation_error',
                message: 'Check these fields: barcode, images, nutritionLabel.',
                fields: { barcode: 'listing_error_barcode', images: 'listing_error_image_not_checked', nutritionLabel: 'listing_error_duplicate_image' },
              },
            }
          : undefined,
      ),
      ADD,
    );
    fill(input(en.field_name_en), 'Oolong Tea');
    fill(input(en.field_price), '18.99');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(errorOf(input(en.field_barcode))).toBe(en.listing_error_barcode));
    expect(screen.getByTestId('images-error').textContent).toBe(en.listing_error_image_not_checked);
    expect(screen.getByTestId('label-error').textContent).toBe('This image is already in the product.');
    // The alert names them too, in the form's order (issue 24).
    expect(screen.getByTestId('form-errors').textContent).toBe(en.form_has_errors.replace('{{fields}}', `${en.field_barcode}, ${en.image_manager_title}, and ${en.nutrition_label}`));
    expect(screen.queryByTestId('form-failure')).toBeNull();
    expect(location()).toBe('/products/new');
  });

  it('hides the allergens until the answer is yes, then asks for at least one', async () => {
    const { calls, user } = await openRoute('/products/new', productsApi(), ADD);
    expect(screen.queryByRole('group', { name: en.field_allergens })).toBeNull();
    await user.click(within(screen.getByRole('group', { name: en.field_has_allergens })).getByRole('radio', { name: en.yes }));
    const allergens = screen.getByRole('group', { name: en.field_allergens });
    expect(within(allergens).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual([
      en.allergen_milk,
      en.allergen_eggs,
      en.allergen_fish,
      en.allergen_shellfish,
      en.allergen_tree_nuts,
      en.allergen_peanuts,
      en.allergen_wheat,
      en.allergen_soybeans,
      en.allergen_sesame,
    ]);
    fill(input(en.field_name_en), 'Peanut Candy');
    fill(input(en.field_price), '3');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(errorOf(screen.getByRole('group', { name: en.field_allergens }))).toBe(en.listing_error_allergens_required));
    // Each checkbox says it is invalid and why (a screen reader on a checkbox may not read the group's description).
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(box)).toBe(en.listing_error_allergens_required);
    }
    await user.click(screen.getByRole('checkbox', { name: en.allergen_peanuts }));
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ values: { hasAllergens: 'yes', allergens: ['peanuts'] }, submit: false });
  });

  it('names the countries of origin in the vendor’s language', async () => {
    const { user } = await openRoute('/products/new', productsApi(), ADD);
    const country = select(en.field_country_of_origin);
    await user.selectOptions(country, 'TW');
    expect(country.selectedOptions[0]!.textContent).toBe('Taiwan');
    expect(country.options.length).toBe(250);
    await act(() => switchLanguage('zh-TW'));
    const zhCountry = select(zhTW.field_country_of_origin);
    expect(zhCountry.selectedOptions[0]!.textContent).toBe('台灣');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(zhTW.add_product_title);
    expect(screen.getByText(zhTW.price_hint)).toBeTruthy();
  });

  it('edits a published product: its values, the live-version notice, read-only prices, and PUT of the new revision', async () => {
    // The offer changed in Inventory since the version was published: the form shows and sends the offer's prices.
    const base = productView(1, 'published');
    const published = { ...base, offer: { ...base.offer, priceCents: 1750, compareAtCents: 2200 } };
    const { calls, user } = await openRoute(
      '/products/P-1/edit',
      productsApi((c) => {
        if (c.path === '/api/products/P-1' && c.method === 'GET') return { status: 200, body: published };
        if (c.path === '/api/products/P-1' && c.method === 'PUT') return { status: 200, body: productView(1, 'published+draft') };
        return undefined;
      }),
      EDIT,
    );
    expect((await screen.findByTestId('live-version-notice')).textContent).toBe(en.live_version_notice);
    expect(input(en.field_name_en).value).toBe('High Mountain Oolong Tea');
    expect(screen.getAllByTestId('form-images')[0]!.querySelectorAll('img')).toHaveLength(2);
    // Prices change in Inventory, without review: shown here, not editable.
    const pricing = screen.getByRole('region', { name: en.section_pricing });
    expect(within(pricing).queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText(en.field_price)).toBeNull();
    expect(within(pricing).getAllByRole('term').map((dt) => dt.textContent)).toEqual([en.column_price, en.column_compare_at_price]);
    expect(within(pricing).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['$17.50', '$22.00']);
    expect(within(pricing).getByText(en.published_prices_note)).toBeTruthy();
    expect(within(pricing).getByRole('link', { name: en.change_prices_in_inventory }).getAttribute('href')).toBe('/inventory?q=10001-0001');
    fill(input(en.field_name_en), 'Alishan Oolong Tea');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(location()).toBe('/products?tab=draft'));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', path: '/api/products/P-1' });
    expect(writes(calls)[0]!.body).toMatchObject({
      values: { nameEn: 'Alishan Oolong Tea', price: '17.50', compareAtPrice: '22.00', images: [imageKey(1), imageKey(2)], nutritionLabel: imageKey(9), unitQuantity: '20' },
      submit: false,
    });
  });

  it('links to Inventory from a published product’s prices in Traditional Chinese, and says “no compare-at price” as a dash', async () => {
    const base = productView(1, 'published+draft');
    const published = { ...base, offer: { ...base.offer, compareAtCents: null } };
    const { user } = await openRoute('/products/P-1/edit', productsApi((c) => (c.path === '/api/products/P-1' ? { status: 200, body: published } : undefined)), EDIT);
    await screen.findByTestId('prices-locked');
    expect(screen.getByTestId('locked-compare-at').textContent).toBe('—');
    await act(() => switchLanguage('zh-TW'));
    const pricing = screen.getByRole('region', { name: zhTW.section_pricing });
    expect(within(pricing).getByText(zhTW.published_prices_note)).toBeTruthy();
    await user.click(within(pricing).getByRole('link', { name: zhTW.change_prices_in_inventory }));
    await waitFor(() => expect(location()).toBe('/inventory?q=10001-0001'));
  });

  it('keeps the price fields editable for a product never published', async () => {
    const { calls, user } = await openRoute(
      '/products/P-5/edit',
      productsApi((c) => {
        if (c.path === '/api/products/P-5' && c.method === 'GET') return { status: 200, body: productView(5, 'draft') };
        if (c.path === '/api/products/P-5' && c.method === 'PUT') return { status: 200, body: productView(5, 'draft') };
        return undefined;
      }),
      EDIT,
    );
    await screen.findByTestId('product-form');
    expect(screen.queryByTestId('prices-locked')).toBeNull();
    expect(input(en.field_price).value).toBe('18.99');
    fill(input(en.field_price), '17.5');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ values: { price: '17.5', compareAtPrice: '24.00' } });
  });

  it('a rejected version saved as a draft still shows the reasons and offers Resubmit for review', async () => {
    const base = productView(6, 'draft');
    const draft = { ...base, revision: { ...base.revision!, rejectedAt: '2026-03-07T08:00:00.000Z', rejectionReasons: ['name_mismatch'] } };
    await openRoute('/products/P-6/edit', productsApi((c) => (c.path === '/api/products/P-6' ? { status: 200, body: draft } : undefined)), EDIT);
    const notice = await screen.findByTestId('rejected-notice');
    expect(within(notice).getByText(en.rejected_notice)).toBeTruthy();
    expect(within(notice).getAllByRole('listitem').map((li) => li.textContent)).toEqual([en.rejection_name_mismatch]);
    expect(screen.getByRole('button', { name: en.resubmit_for_review })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.submit_for_review })).toBeNull();
  });

  it('a draft sent back by review (request changes) shows the reviewer’s message above the form', async () => {
    const base = productView(6, 'draft');
    const draft = { ...base, revision: { ...base.revision!, changesRequestedNote: 'Please photograph the label flat.' } };
    await openRoute('/products/P-6/edit', productsApi((c) => (c.path === '/api/products/P-6' ? { status: 200, body: draft } : undefined)), EDIT);
    const notice = await screen.findByTestId('changes-requested-notice');
    expect(notice.textContent).toBe(`${en.changes_requested_notice}Please photograph the label flat.`);
    expect(screen.queryByTestId('rejected-notice')).toBeNull();
  });

  it('a draft never rejected shows no reasons and offers Submit for review', async () => {
    await openRoute('/products/P-5/edit', productsApi((c) => (c.path === '/api/products/P-5' ? { status: 200, body: productView(5, 'draft') } : undefined)), EDIT);
    await screen.findByTestId('product-form');
    expect(screen.queryByTestId('rejected-notice')).toBeNull();
    expect(screen.queryByTestId('changes-requested-notice')).toBeNull();
    expect(screen.getByRole('button', { name: en.submit_for_review })).toBeTruthy();
  });

  it('says in the page when the product went under review meanwhile (409)', async () => {
    const { user } = await openRoute(
      '/products/P-4/edit',
      productsApi((c) => {
        if (c.path === '/api/products/P-4' && c.method === 'GET') return { status: 200, body: productView(4, 'rejected') };
        if (c.path === '/api/products/P-4') return { status: 409, body: { error: 'product_under_review', message: 'This product is under review and cannot be edited until the review is finished.' } };
        return undefined;
      }),
      EDIT,
    );
    const notice = await screen.findByTestId('rejected-notice');
    expect(within(notice).getAllByRole('listitem').map((li) => li.textContent)).toEqual([en.rejection_image_background, 'Please show the whole box on the label photo.']);
    await user.click(screen.getByRole('button', { name: en.resubmit_for_review }));
    const alert = await screen.findByTestId('form-failure');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(en.product_under_review_conflict);
    expect(location()).toBe('/products/P-4/edit');
    expect(screen.getByRole('button', { name: en.resubmit_for_review })).toBeTruthy();
  });

  it('does not offer a form for a product under review', async () => {
    await openRoute('/products/P-3/edit', productsApi((c) => (c.path === '/api/products/P-3' ? { status: 200, body: productView(3, 'pending') } : undefined)), EDIT);
    expect((await screen.findByTestId('product-under-review')).textContent).toBe('This product is under review and cannot be edited.');
    expect(screen.queryByTestId('product-form')).toBeNull();
  });

  it('warns before leaving with unsaved changes: in-app links ask (stay / leave), the browser asks on unload; nothing to lose, nothing asked (issue 10)', { timeout: 20_000 }, async () => {
    const { calls, user } = await openRoute('/products/new', productsApi(), ADD, { app: true });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Untouched: leaving is free.
    expect(unload()).toBe(false);
    fill(input(en.field_name_en), 'Oolong Tea');
    expect(unload()).toBe(true);

    // The form's Cancel link: held, asked.
    await user.click(screen.getByRole('link', { name: en.cancel }));
    const dialog = await screen.findByRole('dialog', { name: en.unsaved_changes_title });
    expect(dialog.textContent).toContain(en.unsaved_changes_body);
    expect(location()).toBe('/products/new');
    await user.click(within(dialog).getByRole('button', { name: en.unsaved_changes_stay }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input(en.field_name_en).value).toBe('Oolong Tea');

    // The header's navigation too; Escape stays.
    await user.click(screen.getByRole('link', { name: en.nav_orders }));
    await screen.findByRole('dialog', { name: en.unsaved_changes_title });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/products/new');

    // Leave without saving goes where the link pointed, and nothing was saved.
    await user.click(screen.getByRole('link', { name: en.back_to_products }));
    await user.click(within(await screen.findByRole('dialog', { name: en.unsaved_changes_title })).getByRole('button', { name: en.unsaved_changes_leave }));
    await waitFor(() => expect(location()).toBe('/products'));
    expect(writes(calls)).toHaveLength(0);
    expect(unload()).toBe(false);
  });

  it('holds the browser’s Back button over unsaved changes: stay keeps the form, leave goes back (issue 10)', { timeout: 20_000 }, async () => {
    const { user } = await openRoute('/products', productsApi(), /Products/);
    await user.click(await screen.findByTestId('add-product'));
    await screen.findByRole('heading', { level: 1, name: ADD });
    fill(input(en.field_name_en), 'Oolong Tea');

    await goBack();
    const dialog = await screen.findByRole('dialog', { name: en.unsaved_changes_title });
    expect(location()).toBe('/products/new');
    await user.click(within(dialog).getByRole('button', { name: en.unsaved_changes_stay }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/products/new');
    expect(input(en.field_name_en).value).toBe('Oolong Tea');

    await goBack();
    await user.click(within(await screen.findByRole('dialog', { name: en.unsaved_changes_title })).getByRole('button', { name: en.unsaved_changes_leave }));
    await waitFor(() => expect(location()).toBe('/products'));
  });

  it('lets Back go without asking when nothing was changed', async () => {
    const { user } = await openRoute('/products', productsApi(), /Products/);
    await user.click(await screen.findByTestId('add-product'));
    await screen.findByRole('heading', { level: 1, name: ADD });
    await goBack();
    await waitFor(() => expect(location()).toBe('/products'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask after a save, nor when the changes were undone', { timeout: 20_000 }, async () => {
    const { user } = await openRoute('/products/new', productsApi(), ADD);
    fill(input(en.field_name_en), 'Oolong');
    fill(input(en.field_name_en), '');
    await user.click(screen.getByRole('link', { name: en.cancel }));
    await waitFor(() => expect(location()).toBe('/products'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(await screen.findByTestId('add-product'));
    await screen.findByRole('heading', { level: 1, name: ADD });
    fill(input(en.field_name_en), 'Oolong Tea');
    fill(input(en.field_price), '12.50');
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(location()).toBe('/products?tab=draft'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
