/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketplaceDay } from '../../lambdas/shared/dates';
import { demoAccounts } from '../../scripts/demo/accounts';
import type { Dashboard } from '../../contracts/dashboard';
import type { OrdersPage, OrderView } from '../../contracts/order-answers';
import en from '../../web/src/i18n/en.json';
import { formatCount, formatDay, formatMoney } from '../../web/src/lib/format';
import { idTokenFor } from '../support/auth';
import { getJson, shownOrders } from '../support/sales';
import { approvedVendor, signedInPage, webUrl } from '../support/browser';

const { approved } = demoAccounts;
const PERIODS = [
  ['today', en.period_today],
  ['last7Days', en.period_7_days],
  ['last15Days', en.period_15_days],
  ['last30Days', en.period_30_days],
] as const;
const CSV_HEADER = ['Order number', 'Placed at (America/Los_Angeles)', 'Status', 'Product', 'SKU', 'Quantity', 'Unit price (USD)', 'Line total (USD)', 'Order total (USD)'];

let token: string;

beforeAll(async () => {
  token = await idTokenFor(approved.email, approved.password);
});

/** Every order of the demo vendor matching `query`, newest first, through the API's pages. */
async function allOrders(query = ''): Promise<OrderView[]> {
  const out: OrderView[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', '100');
    if (cursor) params.set('cursor', cursor);
    const page: OrdersPage = await getJson<OrdersPage>(`/api/orders?${params}`, token);
    out.push(...page.orders);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** RFC 4180: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe('dashboard as the demo vendor', () => {
  it('shows the four periods, the balance and the next payout exactly as GET /api/dashboard gives them, and a 30-day table', async () => {
    const { context, page, errors } = await signedInPage(approved);
    await page.getByTestId('dashboard-balance').waitFor();
    const expected = await getJson<Dashboard>('/api/dashboard', token);

    for (const [key, label] of PERIODS) {
      const card = page.getByTestId(`period-${key}`);
      const period = expected.periods[key];
      expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(label);
      const amount = await card.getByTestId('period-amount').innerText();
      expect(amount).toBe(formatMoney(period.amountCents, 'en'));
      expect(amount).toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/);
      expect(await card.getByTestId('period-quantity').innerText()).toBe(formatCount(period.quantity, 'en'));
      expect(await card.getByTestId('period-orders').innerText()).toBe(formatCount(period.orders, 'en'));
    }
    expect(expected.periods.today.orders, 'the seed gives the demo vendor orders today').toBeGreaterThan(0);
    expect(await page.getByTestId('dashboard-balance').innerText()).toBe(formatMoney(expected.balanceCents, 'en'));
    expect(await page.getByTestId('dashboard-next-payout').innerText()).toBe(formatDay(expected.nextPayoutDate, 'en', 'long'));
    expect(await page.getByTestId('payout-rule').innerText()).toContain('$50.00');

    // The chart is drawn for the eye only; the same 30 days are a table for screen readers.
    expect(await page.locator('.sales-chart svg').getAttribute('aria-hidden')).toBe('true');
    const table = page.getByRole('table', { name: en.daily_sales_table_caption });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(30);
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('time')?.getAttribute('datetime'), ...Array.from(tr.querySelectorAll('td'), (td) => td.textContent)]));
    expect(shown).toEqual(expected.daily.map((d) => [d.day, formatMoney(d.amountCents, 'en'), formatCount(d.quantity, 'en'), formatCount(d.orders, 'en')]));
    // Visually hidden (a 1 px clip) until "Show as table".
    const frame = table.locator('xpath=..');
    expect((await frame.boundingBox())!.height).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: en.show_as_table }).click();
    expect((await frame.boundingBox())!.height).toBeGreaterThan(300);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('orders as the demo vendor', () => {
  it('pages with Next and Previous: page 2 differs from page 1, no duplicates, in the API’s order', async () => {
    const { context, page, errors } = await signedInPage(approved);
    await page.getByRole('link', { name: en.nav_orders }).click();
    await page.getByRole('heading', { level: 1, name: en.orders_title }).waitFor();
    const all = (await allOrders()).map((o) => o.orderNumber);
    expect(all.length).toBeGreaterThan(25);

    const page1 = await shownOrders(page, 1);
    expect(page1).toEqual(all.slice(0, 25));
    await page.getByTestId('orders-next').click();
    const page2 = await shownOrders(page, 2);
    expect(page2.length).toBeGreaterThan(0);
    expect(page2).toEqual(all.slice(25, 50));
    expect(page2.filter((n) => page1.includes(n))).toEqual([]);
    expect(new Set([...page1, ...page2]).size).toBe(page1.length + page2.length);
    expect(await page.getByTestId('orders-page-number').innerText()).toBe('Page 2');

    await page.getByTestId('orders-previous').click();
    expect(await shownOrders(page, 1)).toEqual(page1);

    // An order of several lines discloses them.
    const multi = page.getByTestId('order-lines-toggle').first();
    await multi.click();
    expect(await multi.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('order-lines').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by status (every row shows it), keeps the filter in the URL across a reload, and back/forward switch filters', async () => {
    const { context, page } = await signedInPage(approved);
    await page.goto(webUrl('/orders'));
    await shownOrders(page);

    await page.getByLabel(en.filter_status, { exact: true }).selectOption('paid');
    await page.getByRole('button', { name: en.apply_filters }).click();
    await page.waitForURL(webUrl('/orders?status=paid'));
    const expected = (await allOrders('status=paid')).map((o) => o.orderNumber);
    expect(expected.length).toBeGreaterThan(0);
    const paid = await shownOrders(page, 1, 'status=paid');
    expect(paid).toEqual(expected.slice(0, 25));
    expect(await page.getByTestId('order-status').allInnerTexts()).toEqual(paid.map(() => en.order_status_paid));

    await page.reload();
    expect(await shownOrders(page, 1, 'status=paid')).toEqual(paid);
    expect(await page.getByLabel(en.filter_status, { exact: true }).inputValue()).toBe('paid');

    await page.goBack();
    await page.waitForURL(webUrl('/orders'));
    expect(await shownOrders(page)).toHaveLength(25);
    expect(new Set(await page.getByTestId('order-status').evaluateAll((b) => b.map((x) => x.getAttribute('data-status')))).size).toBeGreaterThan(1);
    expect(await page.getByLabel(en.filter_status, { exact: true }).inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL(webUrl('/orders?status=paid'));
    expect(await shownOrders(page, 1, 'status=paid')).toEqual(paid);

    // A status the API does not know is ignored, and the URL says what is shown.
    await page.goto(webUrl('/orders?status=shipped'));
    await page.waitForURL(webUrl('/orders'));
    expect(await shownOrders(page)).toHaveLength(25);
    await context.close();
  });

  it('filters by a range of marketplace days: the rows are the API’s for that range, all placed on those days', async () => {
    const all = await allOrders();
    const days = [...new Set(all.map((o) => marketplaceDay(o.placedAt)))];
    // A range with orders in it that is not everything: the 2nd to the 4th newest day with orders.
    const [to, from] = [days[1]!, days[Math.min(3, days.length - 1)]!];
    const { context, page } = await signedInPage(approved);
    await page.goto(webUrl('/orders'));
    await shownOrders(page);
    await page.getByLabel(en.filter_from, { exact: true }).fill(from);
    await page.getByLabel(en.filter_to, { exact: true }).fill(to);
    await page.getByRole('button', { name: en.apply_filters }).click();
    await page.waitForURL(webUrl(`/orders?from=${from}&to=${to}`));
    const expected = (await allOrders(`from=${from}&to=${to}`)).map((o) => o.orderNumber);
    expect(expected.length).toBeGreaterThan(0);
    const shown = await shownOrders(page, 1, `from=${from}&to=${to}`);
    expect(shown).toEqual(expected.slice(0, 25));
    const placed = await page.locator('[data-testid="order-row"] time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime') ?? ''));
    for (const at of placed) expect(marketplaceDay(at) >= from && marketplaceDay(at) <= to, at).toBe(true);

    await page.reload();
    expect(await shownOrders(page, 1, `from=${from}&to=${to}`)).toEqual(shown);
    expect(await page.getByLabel(en.filter_from, { exact: true }).inputValue()).toBe(from);
    await context.close();
  });

  it('exports the filter in force as CSV: UTF-8 with BOM, one row per order line, exactly the filtered orders', async () => {
    const { context, page, errors } = await signedInPage(approved);
    await page.goto(webUrl('/orders?status=cancelled'));
    await shownOrders(page, 1, 'status=cancelled');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.export_csv }).click()]);
    const filename = download.suggestedFilename();
    expect(filename).toMatch(/^orders-V-10001-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect.poll(() => page.getByTestId('orders-export-status').innerText()).toBe(en.export_done.replace('{{filename}}', filename));

    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(header).toEqual(CSV_HEADER);
    const expected = await allOrders('status=cancelled');
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.length).toBe(expected.reduce((n, o) => n + o.lines.length, 0));
    expect(rows.every((r) => r[2] === en.order_status_cancelled)).toBe(true);
    expect([...new Set(rows.map((r) => r[0]))]).toEqual(expected.map((o) => o.orderNumber));
    for (const order of expected) {
      const lines = rows.filter((r) => r[0] === order.orderNumber);
      expect(lines.map((r) => [r[3], Number(r[5])]), order.orderNumber).toEqual(order.lines.map((l) => [l.name, l.quantity]));
      expect(lines.every((r) => r[8] === (order.totalCents / 100).toFixed(2))).toBe(true);
    }
    expect(rows.some((r) => /[\u4e00-\u9fff]/.test(r[3]!)), 'Chinese product names survive').toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('another vendor', () => {
  it("sees none of the demo vendor's sales: zeros on the dashboard and 'no orders yet' on the orders page", async () => {
    const vendor = await approvedVendor('e2e.sales.empty', { vendorName: 'Empty Shelf Grocers' });
    const { context, page, errors } = await signedInPage(vendor);
    expect(await page.getByTestId('dashboard-vendor-id').innerText()).toBe(vendor.vendorId);
    await page.getByTestId('dashboard-balance').waitFor();
    expect(await page.getByTestId('period-last30Days').getByTestId('period-amount').innerText()).toBe('$0.00');
    expect(await page.getByTestId('dashboard-balance').innerText()).toBe('$0.00');
    expect(await page.getByTestId('daily-sales-summary').innerText()).toBe(en.daily_sales_summary_none);

    await page.getByRole('link', { name: en.nav_orders }).click();
    const empty = page.getByTestId('orders-empty');
    await empty.waitFor();
    expect(await empty.getByText(en.no_orders_yet, { exact: true }).isVisible()).toBe(true);
    expect(en.no_orders_yet.toLowerCase()).toBe('no orders yet');
    expect(await page.getByTestId('orders-table').count()).toBe(0);
    expect(await page.getByTestId('order-row').count()).toBe(0);

    // A filter that matches nothing says so differently.
    await page.goto(webUrl('/orders?status=paid'));
    await expect.poll(() => page.getByTestId('orders-empty').innerText()).toContain(en.no_orders_match);
    expect(errors).toEqual([]);
    await context.close();
  });
});
