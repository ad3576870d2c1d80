/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Every page and dialog a vendor can reach, as states the small-screen and accessibility audit
 * (test/e2e/small-screens.test.ts) visits in turn: `open` brings the page there from wherever the
 * previous state left it, `close` puts it back (closes the dialog or menu).
 */
export interface AuditState {
  name: string;
  open(page: Page): Promise<void>;
  close?(page: Page): Promise<void>;
  /** Only at viewports narrower than this (the small-screen menu). */
  maxWidth?: number;
}

/** A 120-character name (business, product) and search term without a break: must wrap, not widen the page (issue 24, item 21). */
export const LONG_WORD = 'OrganicTaiwaneseHighMountainOolongTeaLeavesPremiumGiftBox500g'.repeat(2).slice(0, 120);

/** Client-side navigation through the router (no reload: the signed-in session stays warm). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function settled(page: Page): Promise<void> {
  // Every status region idle (loading done), and no lazy chunk still loading.
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[role="status"][data-state]')].some((el) => el.getAttribute('data-state') === 'loading') && !document.querySelector('.page-loading'),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Navigates and waits for the new page: its own h1 (routes are lazy: the old page stays up until the chunk arrives), then its data. */
async function heading(page: Page, path: string): Promise<void> {
  const samePage = await page.evaluate((to) => {
    const same = new URL(to, location.href).pathname === location.pathname;
    document.querySelector('main h1')?.setAttribute('data-audit-seen', '');
    return same;
  }, path);
  await go(page, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  if (!samePage) await page.locator('main h1:not([data-audit-seen])').first().waitFor();
  else await page.waitForTimeout(100);
  await settled(page);
}

const dialogState = (name: string, trigger: (page: Page) => Promise<void>, testId?: string): AuditState => ({
  name,
  async open(page) {
    await trigger(page);
    const dialog = testId ? page.getByTestId(testId) : page.getByRole('dialog').last();
    await dialog.waitFor();
    await settled(page);
  },
  async close(page) {
    const before = await page.getByRole('dialog').count();
    await page.keyboard.press('Escape');
    await page.waitForFunction((n) => document.querySelectorAll('[role="dialog"]').length < n, before);
  },
});

const menuState = (name: string, testId: string): AuditState => ({
  name,
  async open(page) {
    await page.getByTestId(testId).click();
    await page.getByRole('menu').waitFor();
  },
  async close(page) {
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  },
});

const click = (testId: string, nth = 0) => (page: Page) => page.getByTestId(testId).nth(nth).click();

/** The signed-in pages and dialogs, in an order where each state starts from the previous one's page. */
export function signedInStates(): AuditState[] {
  return [
    { name: '/dashboard', open: (page) => heading(page, '/dashboard') },
    {
      name: '/dashboard, daily sales shown as a table',
      open: async (page) => {
        await page.getByTestId('daily-sales-table-toggle').click();
        await page.waitForFunction(() => document.querySelector('[data-testid="daily-sales-table-toggle"]')?.getAttribute('aria-pressed') === 'true');
      },
      close: (page) => page.getByTestId('daily-sales-table-toggle').click(),
    },
    { name: 'small-screen menu', maxWidth: 960, ...menuLike() },
    menuState('language menu', 'language-button'),
    menuState('help menu', 'help-button'),
    menuState('account menu', 'account-button'),
    dialogState('account settings', click('settings-button'), 'account-settings-dialog'),
    {
      ...dialogState('change password (over account settings)', async (page) => {
        await page.getByTestId('settings-button').click();
        await page.getByTestId('settings-password-edit').click();
      }, 'change-password-dialog'),
      close: async (page) => {
        await closeTopDialog(page);
        await closeTopDialog(page);
      },
    },
    dialogState('contact support', async (page) => {
      await page.getByTestId('help-button').click();
      await page.getByTestId('contact-support').click();
    }, 'support-dialog'),
    { name: '/orders', open: (page) => heading(page, '/orders') },
    {
      name: '/orders, an order with several lines opened',
      async open(page) {
        const toggle = page.getByTestId('order-lines-toggle').first();
        if (await toggle.count()) await toggle.click();
      },
    },
    {
      // Issue 15: an order's detail page, opened from the list (the demo vendor's newest order).
      name: '/orders/:orderId, an order’s detail page',
      async open(page) {
        const link = page.getByTestId('order-link').first();
        if (!(await link.count())) return;
        await link.click();
        await page.getByTestId('order-history').waitFor();
      },
    },
    { name: '/payouts', open: (page) => heading(page, '/payouts') },
    dialogState('payout details', click('payout-details-open'), 'payout-details'),
    {
      name: '/payouts, e-mail method form',
      open: async (page) => {
        await page.getByTestId('payout-setup-email').click();
        await page.getByTestId('payout-email-form').waitFor();
      },
      close: (page) => page.getByTestId('payout-email-form').getByRole('button', { name: /cancel|取消/i }).click(),
    },
    {
      name: '/payouts, bank wizard',
      open: async (page) => {
        await page.getByTestId('payout-setup-bank').click();
        await page.getByTestId('bank-wizard').waitFor();
      },
      close: (page) => page.getByTestId('bank-wizard').getByRole('button', { name: /cancel|取消/i }).click(),
    },
    { name: '/products (Published)', open: (page) => heading(page, '/products') },
    { name: '/products?tab=pending', open: (page) => heading(page, '/products?tab=pending') },
    { name: '/products?tab=rejected', open: (page) => heading(page, '/products?tab=rejected') },
    dialogState('delete or discard a rejected product', async (page) => page.locator('[data-testid="product-delete"], [data-testid="product-discard"]').first().click()),
    { name: '/products?tab=draft', open: (page) => heading(page, '/products?tab=draft') },
    dialogState('delete a draft', click('product-delete'), 'delete-draft-dialog'),
    { name: '/products/new', open: (page) => heading(page, '/products/new') },
    dialogState('image manager', click('manage-images'), 'image-manager'),
    dialogState('image guidelines', click('image-guidelines-open'), 'image-guidelines'),
    dialogState('label photo guidelines', click('label-guidelines-open'), 'label-guidelines'),
    {
      name: '/products/{id}/edit (published product)',
      async open(page) {
        await heading(page, '/products');
        const href = await page.getByTestId('product-edit').first().getAttribute('href');
        await heading(page, href!);
        await page.getByTestId('product-form').waitFor();
      },
    },
    { name: '/inventory', open: (page) => heading(page, '/inventory') },
    dialogState('inventory offer', click('inventory-edit'), 'offer-dialog'),
    { name: '/inventory, a long search term', open: (page) => heading(page, `/inventory?q=${LONG_WORD}`) },
    // Issue 15: the low-stock filter, and the offer dialog with its back-in-stock day shown.
    { name: '/inventory, low stock', open: (page) => heading(page, '/inventory?stock=low') },
    { name: '/inventory (all again)', open: (page) => heading(page, '/inventory') },
    dialogState('inventory offer, out of stock until a day', async (page) => {
      await page.getByTestId('inventory-edit').first().click();
      await page.getByTestId('offer-dialog').locator('label.switch-field').click();
      await page.getByTestId('offer-restockOn').waitFor();
    }, 'offer-dialog'),

    // Issue 15: the bulk page, and a dry run's rows (cards on phones); nothing is applied.
    { name: '/inventory/bulk', open: (page) => heading(page, '/inventory/bulk') },
    {
      name: '/inventory/bulk, a dry run with a change and an error row',
      async open(page) {
        await heading(page, '/inventory/bulk');
        const csv = 'SKU,Price (USD),Compare-at price (USD),Stock\r\n10001-0001,99.50,,12\r\n99999-0001,$5,,\r\n';
        await page.getByTestId('bulk-file').setInputFiles({ name: 'inventory.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await page.getByTestId('bulk-check').click();
        await page.locator('[data-testid="bulk-job"][data-status="ready"]').waitFor();
        await settled(page);
      },
    },
    // Issue 12: the inbox (the demo vendor's seeded notifications: a rejection's two reasons, a payout, a reply).
    { name: '/notifications', open: (page) => heading(page, '/notifications') },
    // Issue 14: the activity log (the demo vendor's seeded entries: scripts/demo/activity.ts).
    { name: '/activity', open: (page) => heading(page, '/activity') },
  ];
}

function menuLike(): Omit<AuditState, 'name'> {
  return {
    async open(page) {
      await page.getByTestId('nav-menu-button').click();
      await page.locator('#app-nav').waitFor({ state: 'visible' });
    },
    async close(page) {
      await page.keyboard.press('Escape');
      await page.locator('#app-nav').waitFor({ state: 'hidden' });
    },
  };
}

async function closeTopDialog(page: Page): Promise<void> {
  const before = await page.getByRole('dialog').count();
  await page.keyboard.press('Escape');
  await page.waitForFunction((n) => document.querySelectorAll('[role="dialog"]').length < n, before);
}

/** The signed-out pages (anonymous visitor). */
export function signedOutStates(): AuditState[] {
  return ['/', '/signup', '/forgot-password', '/reset-password', '/signup-success', '/no-such-page'].map((path) => ({
    name: path,
    async open(page) {
      await go(page, path);
      await page.locator('h1').first().waitFor();
      await settled(page);
    },
  }));
}

/**
 * The demo vendor has no payouts yet (a payout needs a payout run): the audit shows it a realistic
 * history with the answers of the payout API (docs/api.md), long destinations included.
 */
export async function fakePayoutHistory(context: BrowserContext): Promise<void> {
  const payout = (i: number, status: 'paid' | 'pending' | 'failed') => ({
    payoutId: `P-2026-11-${i}-V-10001`,
    periodId: `2026-11-${i}`,
    periodFrom: i === 1 ? '2026-11-01' : '2026-10-16',
    periodTo: i === 1 ? '2026-11-15' : '2026-10-31',
    status,
    amountCents: 1_234_567,
    feeCents: 100,
    paidCents: 1_234_467,
    method: 'bank',
    destination: 'Bank of Taiwan •••• 1234',
    createdAt: '2026-11-16T08:00:00.000Z',
  });
  await context.route(
    (url) => url.pathname === '/api/payouts' || /^\/api\/payouts\/[^/]+$/.test(url.pathname),
    async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/api/payouts')
        return route.fulfill({
          json: { payouts: [payout(1, 'paid'), payout(2, 'failed')], balanceCents: 4_200, minimumPayoutCents: 5_000, feeCents: 100, nextPayoutDate: '2026-11-30', timeZone: 'America/Los_Angeles' },
        });
      return route.fulfill({
        json: {
          ...payout(1, 'paid'),
          sales: {
            orders: 3,
            totalCents: 1_400_000,
            commissionCents: 165_433,
            netCents: 1_234_567,
            products: [
              { sku: 'GH-TEA-1', name: LONG_WORD, quantity: 120, unitPriceCents: 10_000, amountCents: 1_200_000 },
              { sku: 'GH-RICE-5', name: 'Jasmine rice 5 kg', quantity: 40, unitPriceCents: 5_000, amountCents: 200_000 },
            ],
          },
        },
      });
    },
  );
}

/** Gives the first product of every list and of the inventory a long unbroken name (the API's answer, changed in flight). */
export async function longProductNames(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.pathname === '/api/products' || url.pathname === '/api/inventory',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items?: Record<string, unknown>[] };
      const first = body.items?.[0];
      if (first) {
        first.nameEn = LONG_WORD;
        for (const key of ['live', 'revision'] as const) {
          const version = first[key] as { content?: { nameEn?: string } } | null | undefined;
          if (version?.content) version.content.nameEn = LONG_WORD;
        }
      }
      await route.fulfill({ response, json: body });
    },
  );
}

/**
 * The signed-in vendor's business name is LONG_WORD too (the header, the dashboard, the account menu;
 * issue 24, item 21): the stored record stays as seeded.
 */
export async function longBusinessName(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.pathname === '/api/me',
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { vendorName?: string | null };
      if (body.vendorName) body.vendorName = LONG_WORD;
      await route.fulfill({ response, json: body });
    },
  );
}

/** The console's answers with LONG_WORD as every vendor's business name and every product's English and Chinese name. */
export async function longConsoleNames(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.pathname.startsWith('/api/admin/vendors') || url.pathname.startsWith('/api/admin/reviews') || url.pathname.startsWith('/api/admin/applications'),
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      const rename = (o: Record<string, unknown> | null | undefined) => {
        if (!o) return;
        for (const key of ['vendorName', 'nameEn', 'nameZh']) if (typeof o[key] === 'string') o[key] = LONG_WORD;
      };
      rename(body);
      rename(body.vendor as Record<string, unknown> | undefined);
      for (const item of (body.items as Record<string, unknown>[] | undefined) ?? []) rename(item);
      for (const field of (body.fields as { field: string; submitted: unknown; live: unknown }[] | undefined) ?? []) {
        if (field.field === 'nameEn' || field.field === 'nameZh') {
          field.submitted = LONG_WORD;
          field.live = LONG_WORD;
        }
      }
      await route.fulfill({ response, json: body });
    },
  );
}

/** The console's pages a phone shows long names on, each opened from the one before (signed in as the demo admin). */
export function consoleStates(): AuditState[] {
  const admin = (path: string, ready: string): AuditState => ({
    name: path,
    async open(page) {
      await go(page, path);
      await page.waitForURL((url) => url.pathname === path);
      await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
      await settled(page);
    },
  });
  return [
    admin('/admin/vendors', 'admin-vendors-row'),
    admin('/admin/vendors/V-10001', 'admin-vendor-orders'),
    admin('/admin/reviews', 'admin-review-queue-row'),
    {
      name: '/admin/reviews/<first in the queue>',
      async open(page) {
        await page.getByTestId('admin-review-queue-row').first().getByRole('link').first().click();
        await page.locator('[data-testid="admin-review-page"][aria-busy="false"] [data-testid="admin-review-fields"]').waitFor({ timeout: 30_000 });
        await settled(page);
      },
    },
    admin('/admin/applications', 'admin-apps-row'),
  ];
}

