/**
 * Stock that behaves (issue 15) in the inventory page, in both languages: a stale edit told "changed
 * since you opened it" with the current values (and the next save on the current version), "out of
 * stock until" a day in the table and the dialog, the low-stock badge and filter.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { auth, configure, meBody, signedInUser } from '../../amplify-mock';
import { inventoryRow, openRoute, productView } from '../listings/listings-fixtures';
import { resetAppState } from '../../render-app';
import type { SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const TITLE = new RegExp(`^(${en.inventory_title}|${zhTW.inventory_title})$`);
const location = () => screen.getByTestId('location').textContent;
const table = () => screen.findByTestId('inventory-table', {}, { timeout: 15_000 });
const fill = (text: string, values: Record<string, string>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text);

const ROWS = [
  inventoryRow(1, { nameEn: 'Oolong Tea', priceCents: 1899, inventory: 42, version: 3 }),
  inventoryRow(2, { nameEn: 'Mooncake', priceCents: 2450, inventory: 24, outOfStock: true, restockOn: '2026-12-01', version: 5 }),
  inventoryRow(3, { nameEn: 'Sesame Oil', priceCents: 899, inventory: 2, lowStock: true, lowStockThreshold: null, version: 1 }),
];

const CURRENT = { priceCents: 2100, compareAtCents: null, inventory: 9, outOfStock: false, updatedAt: '2026-11-25T08:00:00.000Z', version: 4, restockOn: null, lowStockThreshold: null, lowStock: false };

function api(language: 'en' | 'zh-TW', offer?: SalesHandler): SalesHandler {
  return async (call) => {
    if (call.path === '/api/me') return { status: 200, body: meBody({ language }) };
    if (call.path === '/api/inventory' && call.query.get('stock') === 'low') return { status: 200, body: { items: [ROWS[2]], total: 1 } };
    if (call.path === '/api/inventory') return { status: 200, body: { items: ROWS, total: 3 } };
    if (call.path.endsWith('/offer') && offer) return offer(call);
    return undefined;
  };
}

describe('inventory stock (issue 15)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['en', en, '$21.00', 'Dec 1, 2026'],
    ['zh-TW', zhTW, 'US$21.00', '2026年12月1日'],
  ] as const)('a stale edit says “changed since you opened it” with the current values (%s); Save again goes on from the current version', async (language, texts, price, day) => {
    let patches = 0;
    const { calls, user } = await openRoute(
      '/inventory',
      api(language, () => (++patches === 1 ? { status: 409, body: { error: 'offer_changed', message: 'changed', current: CURRENT } } : { status: 200, body: productView(1, 'published', { offer: { ...CURRENT, inventory: 7, version: 5 } }) })),
      TITLE,
      { language },
    );
    const t = await table();
    // "Out of stock until" in the table, in the vendor's language.
    const mooncake = within(t).getAllByTestId('inventory-row')[1]!;
    expect(within(mooncake).getByTestId('inventory-restock-on').textContent).toBe(fill(texts.back_in_stock_on, { date: day }));
    expect(within(within(t).getAllByTestId('inventory-row')[2]!).getByTestId('inventory-low-stock').textContent).toBe(texts.low_stock_badge);

    await user.click(within(t).getAllByTestId('inventory-edit')[0]!);
    const dialog = await screen.findByRole('dialog');
    const stock = within(dialog).getByLabelText(texts.field_inventory, { exact: false }) as HTMLInputElement;
    await user.clear(stock);
    await user.type(stock, '7');
    await user.click(within(dialog).getByTestId('offer-save'));
    const changed = await within(dialog).findByTestId('offer-changed');
    expect(changed.getAttribute('role')).toBe('alert');
    expect(changed.textContent).toBe(fill(texts.offer_changed_since_opened, { price, compareAt: texts.offer_no_compare_at, inventory: '9', stock: texts.in_stock }));
    // What the vendor typed is kept; nothing was overwritten.
    expect(stock.value).toBe('7');
    const sent = calls.filter((c) => c.method === 'PATCH').map((c) => (c.body as { version?: number }).version);
    expect(sent).toEqual([3]);
    await user.click(within(dialog).getByTestId('offer-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => (c.body as { version?: number }).version)).toEqual([3, 4]);
    expect(within(screen.getAllByTestId('inventory-row')[0]!).getByTestId('inventory-count').textContent).toBe('7');
  });

  it('“Use the current values” puts the current offer into the form', async () => {
    const { user } = await openRoute('/inventory', api('en', () => ({ status: 409, body: { error: 'offer_changed', message: 'changed', current: CURRENT } })), TITLE);
    await user.click(within(await table()).getAllByTestId('inventory-edit')[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('offer-save'));
    await user.click(await within(dialog).findByRole('button', { name: en.offer_use_current }));
    expect((within(dialog).getByLabelText(en.field_price, { exact: false }) as HTMLInputElement).value).toBe('21.00');
    expect((within(dialog).getByLabelText(en.field_inventory, { exact: false }) as HTMLInputElement).value).toBe('9');
    expect(within(dialog).queryByTestId('offer-changed')).toBeNull();
  });

  it.each([
    ['en', en],
    ['zh-TW', zhTW],
  ] as const)('out of stock until a day: the day appears with the switch and is sent with the stock (%s)', async (language, texts) => {
    const { calls, user } = await openRoute('/inventory', api(language, () => ({ status: 204 })), TITLE, { language });
    await user.click(within(await table()).getAllByTestId('inventory-edit')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('offer-restockOn')).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: texts.out_of_stock }));
    const dayField = within(dialog).getByLabelText(texts.field_restock_on) as HTMLInputElement;
    await user.type(dayField, '2099-03-01');
    const threshold = within(dialog).getByLabelText(texts.field_low_stock_threshold) as HTMLInputElement;
    await user.type(threshold, '10');
    await user.click(within(dialog).getByTestId('offer-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ outOfStock: true, inventory: '42', restockOn: '2099-03-01', lowStockThreshold: '10', version: 3 });
    const row = screen.getAllByTestId('inventory-row')[0]!;
    expect(within(row).getByTestId('inventory-out-of-stock').textContent).toContain(texts.out_of_stock);
    expect(within(row).getByTestId('inventory-restock-on')).toBeTruthy();
  });

  it('a server field error on the day is shown at the field', async () => {
    const { user } = await openRoute(
      '/inventory',
      api('zh-TW', () => ({ status: 400, body: { error: 'validation_error', message: 'Check these fields: restockOn.', fields: { restockOn: 'listing_error_restock_past' } } })),
      TITLE,
      { language: 'zh-TW' },
    );
    await user.click(within(await table()).getAllByTestId('inventory-edit')[1]!);
    const dialog = await screen.findByRole('dialog');
    const dayField = within(dialog).getByLabelText(zhTW.field_restock_on) as HTMLInputElement;
    expect(dayField.value).toBe('2026-12-01');
    await user.click(within(dialog).getByTestId('offer-save'));
    await waitFor(() => expect(dialog.textContent).toContain(zhTW.listing_error_restock_past));
  });

  it.each([
    ['en', en],
    ['zh-TW', zhTW],
  ] as const)('the low-stock filter: in the URL, asked of the server, its own empty text (%s)', async (language, texts) => {
    let lowEmpty = false;
    const base = api(language);
    const { calls, user } = await openRoute(
      '/inventory',
      async (call) => (lowEmpty && call.path === '/api/inventory' && call.query.get('stock') === 'low' ? { status: 200, body: { items: [], total: 0 } } : base(call)),
      TITLE,
      { language },
    );
    await table();
    await user.selectOptions(screen.getByLabelText(texts.inventory_filter_label), texts.inventory_filter_low);
    expect(location()).toBe('/inventory?stock=low');
    await waitFor(() => expect(screen.getAllByTestId('inventory-row')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/inventory').at(-1)!.url).toBe('/api/inventory?sort=name&order=asc&stock=low');
    expect(screen.getByTestId('inventory-total').textContent).toBe(fill(texts.inventory_shown, { shown: '1', total: '1' }));
    lowEmpty = true;
    await user.selectOptions(screen.getByLabelText(texts.inventory_filter_label), texts.inventory_filter_all);
    expect(location()).toBe('/inventory');
    await user.selectOptions(screen.getByLabelText(texts.inventory_filter_label), texts.inventory_filter_low);
    expect((await screen.findByTestId('inventory-empty')).textContent).toContain(texts.no_inventory_low);
  });
});
