import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, signedInUser } from '../../amplify-mock';
import { imageKey, openRoute, productView, teaContent } from './listings-fixtures';
import { renderApp, resetAppState } from '../../render-app';
import { plain, stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const location = () => screen.getByTestId('location').textContent;
const TITLE = new RegExp(`^(${en.products_title}|${zhTW.products_title})$`);

const TABS = {
  published: [productView(1, 'published'), productView(2, 'published+pending')],
  pending: [productView(3, 'pending'), productView(2, 'published+pending')],
  rejected: [productView(4, 'rejected')],
  draft: [productView(5, 'draft'), productView(6, 'published+draft')],
};

/** GET /api/products?tab=…: the tab's products, one page. */
const listings =
  (pages: Partial<Record<string, unknown>> = TABS, extra: SalesHandler = () => undefined): SalesHandler =>
  async (call) => {
    const answer = await extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/api/products' && call.method === 'GET') return { status: 200, body: { items: pages[call.query.get('tab') ?? ''] ?? [] } };
    return undefined;
  };

const table = () => screen.findByTestId('products-table', {}, { timeout: 15_000 });
const headers = (t: HTMLElement) => within(t).getAllByRole('columnheader').map((h) => h.textContent);
const productCalls = (calls: { path: string; method: string; url: string }[]) => calls.filter((c) => c.path === '/api/products' && c.method === 'GET');

describe('product lists (/products, issue 5)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is in the main navigation next to Inventory, and shows Published first with its columns', { timeout: 20_000 }, async () => {
    const { calls } = await openRoute('/products', listings(), TITLE, { app: true });
    const nav = screen.getByRole('navigation', { name: en.main_navigation });
    expect(within(nav).getByRole('link', { name: en.nav_products }).getAttribute('href')).toBe('/products');
    expect(within(nav).getByRole('link', { name: en.nav_inventory }).getAttribute('href')).toBe('/inventory');
    expect(screen.getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      [en.tab_published, 'true'],
      [en.tab_pending, 'false'],
      [en.tab_rejected, 'false'],
      [en.tab_draft, 'false'],
    ]);
    const t = await table();
    expect(headers(t)).toEqual([en.column_product, en.sku, en.column_price, en.column_inventory, en.column_published, en.column_actions]);
    const [first, second] = within(t).getAllByTestId('product-row');
    expect(plain(within(first!).getByRole('rowheader').textContent)).toBe('High Mountain Oolong Tea高山烏龍茶');
    expect(within(first!).getAllByRole('cell').map((c) => plain(c.textContent))).toEqual(['10001-0001', '$18.99', '42', 'Mar 1, 20261:30 AM PST', en.edit]);
    expect(within(first!).getByRole('link', { name: 'Edit High Mountain Oolong Tea' }).getAttribute('href')).toBe('/products/P-1/edit');
    // A published product whose update waits for review says so, and cannot be edited meanwhile.
    expect(within(second!).getByTestId('revision-note').textContent).toBe(en.revision_note_pending);
    expect(within(second!).getByTestId('product-edit-locked').getAttribute('aria-disabled')).toBe('true');
    expect(productCalls(calls)[0]).toMatchObject({ url: '/api/products?tab=published', headers: { authorization: 'Bearer id-token-1' } });
    expect(screen.getByRole('link', { name: en.add_product }).getAttribute('href')).toBe('/products/new');
  });

  it('Pending review: product name, date submitted and an Edit that is disabled with the tooltip, reachable by keyboard', async () => {
    const { user } = await openRoute('/products', listings(), TITLE);
    await table();
    await user.click(screen.getByRole('tab', { name: en.tab_pending }));
    expect(location()).toBe('/products?tab=pending');
    await waitFor(() => expect(screen.getByTestId('products-table').getAttribute('data-tab')).toBe('pending'));
    const t = await table();
    expect(headers(t)).toEqual([en.column_product, en.column_date_submitted, en.column_action]);
    const row = within(t).getAllByTestId('product-row')[0]!;
    // Submitted 2026-03-06T17:04Z: 9:04 AM in the marketplace zone (Los Angeles).
    expect(plain(row.querySelector('time')?.textContent)).toBe('Mar 6, 20269:04 AM PST');
    const edit = within(row).getByRole('button', { name: 'Edit High Mountain Oolong Tea' });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
    const tooltip = document.getElementById(edit.getAttribute('aria-describedby') ?? '')!;
    expect(tooltip.textContent).toBe('This product is under review and cannot be edited.');
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.hidden).toBe(true);
    act(() => edit.focus());
    expect(tooltip.hidden).toBe(false);
    await user.keyboard('{Escape}');
    expect(tooltip.hidden).toBe(true);
    await user.click(edit);
    expect(location()).toBe('/products?tab=pending');
    expect(within(t).queryByRole('link', { name: /Edit/ })).toBeNull();
  });

  it('Rejected: the reasons (known codes translated, free text as written) and Edit & Resubmit', async () => {
    await openRoute('/products?tab=rejected', listings(), TITLE);
    const t = await table();
    expect(headers(t)).toEqual([en.column_product, en.column_rejection_reasons, en.column_rejected, en.column_action]);
    const row = within(t).getByTestId('product-row');
    expect(within(row).getAllByTestId('product-rejection-reason').map((r) => r.textContent)).toEqual([en.rejection_image_background, 'Please show the whole box on the label photo.']);
    const resubmit = within(row).getByRole('link', { name: 'Edit & Resubmit High Mountain Oolong Tea' });
    expect(resubmit.textContent).toBe('Edit & Resubmit');
    expect(resubmit.getAttribute('href')).toBe('/products/P-4/edit');
  });

  it('shows the live version under Published and the update under Pending review, Rejected and Drafts', async () => {
    const update = teaContent({ nameEn: 'Alishan Oolong Tea (new box)', nameZh: '阿里山烏龍茶（新包裝）', images: [imageKey(3)] });
    const product = (state: 'published+pending' | 'published+rejected' | 'published+draft') => productView(2, state, {}, teaContent(), update);
    const { user } = await openRoute(
      '/products',
      listings({ published: [product('published+pending')], pending: [product('published+pending')], rejected: [product('published+rejected')], draft: [product('published+draft')] }),
      TITLE,
    );
    const shown = async (tab: 'published' | 'pending' | 'rejected' | 'draft') => {
      await waitFor(() => expect(screen.getByTestId('products-table').getAttribute('data-tab')).toBe(tab));
      const row = within(await table()).getByTestId('product-row');
      return { header: plain(within(row).getByRole('rowheader').textContent), image: row.querySelector('img')?.getAttribute('src'), row };
    };
    const published = await shown('published');
    expect(published.header).toBe(`High Mountain Oolong Tea高山烏龍茶${en.revision_note_pending}`);
    // The 320-px rendition (issue 23), never the upload.
    expect(published.image).toBe('https://images.test/1-thumb.jpg?sig=abc');
    for (const tab of ['pending', 'rejected', 'draft'] as const) {
      await user.click(screen.getByRole('tab', { name: en[`tab_${tab}`] }));
      const { header, image, row } = await shown(tab);
      expect(header, tab).toBe('Alishan Oolong Tea (new box)阿里山烏龍茶（新包裝）');
      expect(image, tab).toBe('https://images.test/3-thumb.jpg?sig=abc');
      // Buttons are named after what the row shows.
      const edit = { pending: 'Edit', rejected: 'Edit & Resubmit', draft: 'Edit' }[tab];
      expect(within(row).getByRole(tab === 'pending' ? 'button' : 'link', { name: `${edit} Alishan Oolong Tea (new box)` })).toBeTruthy();
    }
  });

  it('Rejected: Delete for a product never published, Discard changes for a published product’s update, each after a confirmation', async () => {
    const update = teaContent({ nameEn: 'Alishan Oolong Tea (new box)' });
    const rejected = [productView(4, 'rejected'), productView(7, 'published+rejected', {}, teaContent(), update)];
    const { calls, user } = await openRoute(
      '/products?tab=rejected',
      listings({ rejected }, (c) => {
        if (c.method !== 'DELETE') return undefined;
        // The product is gone (204), or only its rejected revision (200 with the live product).
        return c.path === '/api/products/P-4' ? { status: 204 } : { status: 200, body: productView(7, 'published') };
      }),
      TITLE,
    );
    const t = await table();
    expect(within(t).getAllByTestId('product-row')).toHaveLength(2);
    // A rejected product never published: Delete, and the dialog says it goes for good.
    expect(within(t).queryByRole('button', { name: 'Discard the changes to High Mountain Oolong Tea' })).toBeNull();
    await user.click(within(t).getByRole('button', { name: 'Delete High Mountain Oolong Tea' }));
    let dialog = screen.getByRole('dialog', { name: en.delete_product_title });
    expect(within(dialog).getByText('“High Mountain Oolong Tea” was never published. It will be deleted. This cannot be undone.')).toBeTruthy();
    expect(within(dialog).queryByText(en.delete_draft_live_note)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(t).getByRole('button', { name: 'Delete High Mountain Oolong Tea' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.delete_product }));
    await waitFor(() => expect(within(t).getAllByTestId('product-row')).toHaveLength(1));
    expect(screen.getByTestId('products-notice').textContent).toContain('“High Mountain Oolong Tea” was deleted.');

    // A published product's rejected update: Discard changes; the live version stays (the dialog says so).
    const discard = within(t).getByRole('button', { name: 'Discard the changes to Alishan Oolong Tea (new box)' });
    expect(discard.textContent).toBe(en.discard_changes);
    await user.click(discard);
    dialog = screen.getByRole('dialog', { name: en.discard_changes_title });
    expect(within(dialog).getByText('The rejected changes to “Alishan Oolong Tea (new box)” will be discarded. This cannot be undone.')).toBeTruthy();
    expect(within(dialog).getByText(en.delete_draft_live_note)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: en.discard_changes }));
    // The last row gone, the tab says it is empty.
    expect((await screen.findByTestId('products-empty')).textContent).toContain(en.no_products_rejected);
    expect(screen.queryAllByTestId('product-row')).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/products/P-4', '/api/products/P-7']);
    expect(screen.getByTestId('products-notice').textContent).toContain('The rejected changes to “Alishan Oolong Tea (new box)” were discarded.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Rejected: a failed Discard changes is said in the dialog, which stays open', async () => {
    const { user } = await openRoute(
      '/products?tab=rejected',
      listings({ rejected: [productView(7, 'published+rejected')] }, (c) => (c.method === 'DELETE' ? { status: 409, body: { error: 'product_under_review', message: 'Under review.' } } : undefined)),
      TITLE,
    );
    await user.click(within(await table()).getByRole('button', { name: 'Discard the changes to High Mountain Oolong Tea' }));
    const dialog = screen.getByRole('dialog', { name: en.discard_changes_title });
    await user.click(within(dialog).getByRole('button', { name: en.discard_changes }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The changes could not be discarded: Under review.');
    expect(screen.getAllByTestId('product-row')).toHaveLength(1);
  });

  it('Drafts: a rejected version saved again as a draft keeps showing the reasons', async () => {
    const base = productView(8, 'draft');
    const draft = { ...base, revision: { ...base.revision!, rejectedAt: '2026-03-07T08:00:00.000Z', rejectionReasons: ['barcode_invalid'] } };
    await openRoute('/products?tab=draft', listings({ draft: [draft, productView(5, 'draft')] }), TITLE);
    const [again, plainDraft] = within(await table()).getAllByTestId('product-row');
    const reasons = within(again!).getByTestId('draft-rejection');
    expect(reasons.textContent).toBe(`${en.draft_rejection_title}${en.rejection_barcode_invalid}`);
    expect(within(reasons).getAllByRole('listitem').map((li) => li.textContent)).toEqual([en.rejection_barcode_invalid]);
    expect(within(plainDraft!).queryByTestId('draft-rejection')).toBeNull();
  });

  it('Drafts: a product review sent back (request changes, issue 13) shows the reviewer’s message, in both languages', async () => {
    const base = productView(8, 'draft');
    const sentBack = { ...base, revision: { ...base.revision!, changesRequestedNote: 'Please add the weight in grams.' } };
    await openRoute('/products?tab=draft', listings({ draft: [sentBack, productView(5, 'draft')] }), TITLE);
    const [back, plainDraft] = within(await table()).getAllByTestId('product-row');
    const note = within(back!).getByTestId('draft-changes-requested');
    expect(note.textContent).toBe(`${en.draft_changes_requested_title}Please add the weight in grams.`);
    expect(within(back!).queryByTestId('draft-rejection')).toBeNull();
    expect(within(plainDraft!).queryByTestId('draft-changes-requested')).toBeNull();
    await act(() => switchLanguage('zh-TW'));
    expect(within(back!).getByTestId('draft-changes-requested').textContent).toBe(`${zhTW.draft_changes_requested_title}Please add the weight in grams.`);
    await act(() => switchLanguage('en'));
  });

  it('Drafts: Edit, and Delete after a confirmation; the row goes and the page says so', async () => {
    const { calls, user } = await openRoute(
      '/products?tab=draft',
      listings(TABS, (c) => (c.method === 'DELETE' ? { status: 204 } : undefined)),
      TITLE,
    );
    const t = await table();
    expect(headers(t)).toEqual([en.column_product, en.column_last_saved, en.column_actions]);
    expect(within(t).getAllByTestId('product-row')).toHaveLength(2);
    await user.click(within(t).getAllByRole('button', { name: 'Delete the draft of High Mountain Oolong Tea' })[1]!);
    const dialog = screen.getByRole('dialog', { name: en.delete_draft_title });
    // The second draft is an update of a published product: its live version stays.
    expect(within(dialog).getByText(en.delete_draft_live_note)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(t).getAllByRole('button', { name: 'Delete the draft of High Mountain Oolong Tea' })[0]!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.delete_draft }));
    await waitFor(() => expect(within(t).getAllByTestId('product-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/products/P-5']);
    expect(screen.getByTestId('products-notice').textContent).toContain('The draft of “High Mountain Oolong Tea” was deleted.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Load more follows the cursor and appends the next page', async () => {
    const page1 = Array.from({ length: 3 }, (_, i) => productView(i + 1, 'published'));
    const page2 = [productView(4, 'published')];
    const { calls, user } = await openRoute(
      '/products',
      (c) => (c.path === '/api/products' ? { status: 200, body: c.query.get('cursor') === 'c2' ? { items: page2 } : { items: page1, nextCursor: 'c2' } } : undefined),
      TITLE,
    );
    await table();
    expect(screen.getAllByTestId('product-row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: en.load_more }));
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(4));
    expect(productCalls(calls).map((c) => c.url)).toEqual(['/api/products?tab=published', '/api/products?tab=published&cursor=c2']);
    expect(screen.queryByRole('button', { name: en.load_more })).toBeNull();
  });

  it('says when a tab is empty, and when loading failed, with Try again', async () => {
    let fail = true;
    const { user } = await openRoute(
      '/products?tab=rejected',
      (c) => {
        if (c.path !== '/api/products') return undefined;
        if (fail) return { status: 503, body: { error: 'unavailable', message: 'Try later.' } };
        return { status: 200, body: { items: [] } };
      },
      TITLE,
    );
    const status = screen.getByTestId('products-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('failed'));
    expect(status.textContent).toContain('Your products could not be loaded: Try later.');
    fail = false;
    await user.click(within(status).getByRole('button', { name: en.try_again }));
    expect((await screen.findByTestId('products-empty')).textContent).toContain(en.no_products_rejected);
  });

  it('moves between tabs with the arrow keys, Home and End, and drops an unknown tab from the URL', async () => {
    const { user } = await openRoute('/products?tab=nope', listings(), TITLE);
    await waitFor(() => expect(location()).toBe('/products'));
    await table();
    act(() => screen.getByRole('tab', { name: en.tab_published }).focus());
    await user.keyboard('{ArrowRight}');
    expect(location()).toBe('/products?tab=pending');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: en.tab_pending }));
    await user.keyboard('{End}');
    expect(location()).toBe('/products?tab=draft');
    await user.keyboard('{ArrowRight}');
    expect(location()).toBe('/products');
    await user.keyboard('{ArrowLeft}');
    expect(location()).toBe('/products?tab=draft');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: en.tab_draft }).id);
  });

  it('is guarded like /dashboard: a visitor without a session is sent to the login page', async () => {
    const calls = stubSalesFetch(listings());
    renderApp('/products/P-1/edit');
    expect(await screen.findByText(en.redirecting_to_login)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'), { timeout: 3_000 });
    expect(calls.filter((c) => c.path.startsWith('/api/products'))).toHaveLength(0);
  });

  it('shows the tabs, columns and reasons in Traditional Chinese', async () => {
    await openRoute('/products?tab=rejected', listings(), TITLE);
    await table();
    await act(() => switchLanguage('zh-TW'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('商品');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['已上架', '審核中', '未通過', '草稿']);
    expect(headers(screen.getByTestId('products-table'))).toEqual(['商品名稱', '退回原因', '退回日期', '操作']);
    expect(screen.getAllByTestId('product-rejection-reason')[0]!.textContent).toBe('主圖背景須為純白色。');
    // The Chinese name first in zh-TW, in the row and in the action's name (issue 24, item 19).
    await waitFor(() => expect(screen.getAllByTestId('product-name')[0]!.textContent).toBe('高山烏龍茶'));
    expect(screen.getAllByTestId('product-name-second')[0]!.textContent).toBe('High Mountain Oolong Tea');
    expect(screen.getByRole('link', { name: '編輯並重新送審 高山烏龍茶' })).toBeTruthy();
  });
  it('shows how many products each tab holds (issue 15), in both languages, and a deletion takes one off its tab', async () => {
    const counts = { published: 12, pending: 3, rejected: 0, draft: 2 };
    const { user } = await openRoute(
      '/products?tab=draft',
      (call) => {
        if (call.method === 'DELETE') return { status: 204 };
        if (call.path === '/api/products' && call.method === 'GET') return { status: 200, body: { items: TABS[(call.query.get('tab') ?? '') as keyof typeof TABS] ?? [], counts } };
        return undefined;
      },
      TITLE,
    );
    const t = await table();
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([`${en.tab_published} (12)`, `${en.tab_pending} (3)`, `${en.tab_rejected} (0)`, `${en.tab_draft} (2)`]),
    );
    expect(screen.getByRole('tab', { name: 'Pending review (3)' })).toBeTruthy();
    await user.click(within(t).getAllByRole('button', { name: 'Delete the draft of High Mountain Oolong Tea' })[0]!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.delete_draft }));
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe(`${en.tab_draft} (1)`));
    await act(() => switchLanguage('zh-TW'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['已上架（12）', '審核中（3）', '未通過（0）', '草稿（1）']);
  });
});
