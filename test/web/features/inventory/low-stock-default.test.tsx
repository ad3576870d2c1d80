/**
 * The shop's default low-stock level (issue 15) on the inventory page, in both languages: the button
 * shows the level, the dialog saves a new one conditional on the level shown (the page says the products
 * are being updated, shows the background re-check's progress (issue 16), and when it is done loads the
 * list again and says how many products changed), refuses what is not a whole number 0–100000 at the field,
 * and on a concurrent change says so and shows the current level; the offer dialog's threshold hint
 * names the shop's default.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { auth, configure, meBody, signedInUser } from '../../amplify-mock';
import { inventoryRow, openRoute } from '../listings/listings-fixtures';
import { resetAppState } from '../../render-app';
import type { SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const TITLE = new RegExp(`^(${en.inventory_title}|${zhTW.inventory_title})$`);
const fill = (text: string, values: Record<string, string | number>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);
const ROWS = [inventoryRow(1, { nameEn: 'Oolong Tea', priceCents: 1899, inventory: 42, version: 3 })];

type Recheck = { status: 'running' | 'done'; checked: number; changed: number; total?: number; startedAt: string; finishedAt?: string };
const STARTED = '2026-11-25T10:00:00.000Z';

function api(language: 'en' | 'zh-TW', level: { value: number; recheck?: Recheck }, put: SalesHandler): SalesHandler {
  return async (call) => {
    if (call.path === '/api/me') return { status: 200, body: meBody({ language }) };
    if (call.path === '/api/inventory/settings' && call.method === 'PUT') return put(call);
    if (call.path === '/api/inventory/settings') return { status: 200, body: { lowStockDefault: level.value, ...(level.recheck && { recheck: level.recheck }) } };
    if (call.path === '/api/inventory') return { status: 200, body: { items: ROWS, total: 1 } };
    return undefined;
  };
}

describe('the default low-stock level (issue 15)', () => {
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
    ['en', en],
    ['zh-TW', zhTW],
  ] as const)('is shown, changed in its dialog and saved on the level seen; the re-check shows its progress, then the list loads again (%s)', async (language, texts) => {
    const level: { value: number; recheck?: Recheck } = { value: 5 };
    const { calls, user } = await openRoute(
      '/inventory',
      api(language, level, (call) => {
        level.value = (call.body as { lowStockDefault: number }).lowStockDefault;
        // The re-check runs in the background: the next GET says how far it got.
        level.recheck = { status: 'running', checked: 1_200, changed: 3, total: 4_000, startedAt: STARTED };
        return { status: 200, body: { lowStockDefault: level.value, recheck: { status: 'running', checked: 0, changed: 0, startedAt: STARTED } } };
      }),
      TITLE,
      { language },
    );
    const open = await screen.findByTestId('low-stock-default-open', {}, { timeout: 15_000 });
    expect(open.textContent).toBe(fill(texts.low_stock_default_button, { count: 5 }));
    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(texts.low_stock_default_title);
    const field = within(dialog).getByLabelText(texts.low_stock_default_field) as HTMLInputElement;
    expect(field.value).toBe('5');

    // Not a whole number 0–100000: said at the field, nothing sent.
    await user.clear(field);
    await user.type(field, '100001');
    await user.click(within(dialog).getByTestId('low-stock-default-save'));
    expect(await within(dialog).findByText(texts.listing_error_low_stock_default)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    const listReads = calls.filter((c) => c.path === '/api/inventory').length;
    await user.clear(field);
    await user.type(field, '12');
    await user.click(within(dialog).getByTestId('low-stock-default-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ lowStockDefault: 12, expected: 5 }]);
    const notice = screen.getByTestId('low-stock-default-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain(fill(texts.low_stock_default_saved_updating, { count: 12 }));
    expect(screen.getByTestId('low-stock-default-open').textContent).toBe(fill(texts.low_stock_default_button, { count: 12 }));
    // Running: first without a count, then "1,200 of 4,000" as the page asks again.
    const status = screen.getByTestId('low-stock-recheck-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe(texts.low_stock_recheck_running);
    await waitFor(() => expect(screen.getByTestId('low-stock-recheck-status').textContent).toBe(fill(texts.low_stock_recheck_progress, { checked: '1,200', total: '4,000' })), {
      timeout: 15_000,
    });
    // Not read again while it runs: the filter would show a half-done state.
    expect(calls.filter((c) => c.path === '/api/inventory').length).toBe(listReads);

    // Done: the status goes, the notice says how many changed, and the list is read again.
    level.recheck = { status: 'done', checked: 4_000, changed: 7, total: 4_000, startedAt: STARTED, finishedAt: '2026-11-25T10:00:09.000Z' };
    await waitFor(() => expect(screen.getByTestId('low-stock-default-notice').textContent).toContain(fill(texts.low_stock_recheck_done, { changed: 7 })), { timeout: 15_000 });
    expect(screen.queryByTestId('low-stock-recheck-status')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/inventory').length).toBeGreaterThan(listReads));

    // The offer dialog's threshold hint names the shop's default.
    await user.click(within(await screen.findByTestId('inventory-table')).getAllByTestId('inventory-edit')[0]!);
    const offer = await screen.findByRole('dialog');
    expect(within(offer).getByText(fill(texts.low_stock_threshold_hint_shop, { count: 12 }))).toBeTruthy();
  });

  it.each([
    ['en', en],
    ['zh-TW', zhTW],
  ] as const)('a level changed in another tab is said in the dialog with the current level; Save again goes on from it (%s)', async (language, texts) => {
    const level = { value: 5 };
    let puts = 0;
    const { calls, user } = await openRoute(
      '/inventory',
      api(language, level, (call) => {
        if (++puts === 1) {
          level.value = 8;
          return { status: 409, body: { error: 'low_stock_default_changed', message: 'changed' } };
        }
        return { status: 200, body: { lowStockDefault: (call.body as { lowStockDefault: number }).lowStockDefault } };
      }),
      TITLE,
      { language },
    );
    await user.click(await screen.findByTestId('low-stock-default-open', {}, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(texts.low_stock_default_field) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '20');
    await user.click(within(dialog).getByTestId('low-stock-default-save'));
    const error = await within(dialog).findByTestId('low-stock-default-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain(texts.low_stock_default_changed);
    await waitFor(() => expect(field.value).toBe('8'));
    await user.click(within(dialog).getByTestId('low-stock-default-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { lowStockDefault: 20, expected: 5 },
      { lowStockDefault: 8, expected: 8 },
    ]);
  });
});
