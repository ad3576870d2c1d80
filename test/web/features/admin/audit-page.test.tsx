import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '../../../../contracts/audit';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, signedInUser, storeAmplifySession, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';
import { adminApi } from './admin-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  auditId: `A-${n}`,
  at: new Date(Date.UTC(2026, 2, 10, 12, 60 - n)).toISOString(),
  actor: { userId: 'sub-ops', email: 'ops@example.com' },
  action: 'product.rejected',
  target: { type: 'product', id: `P-000000000${n}` },
  vendorId: 'V-10001',
  before: { status: 'pending' },
  after: { status: 'rejected', reasons: ['image_quality', 'Wrong weight'] },
  reason: 'image_quality; Wrong weight',
  ...overrides,
});

const FIRST: AuditPage = { items: [entry(1), entry(2, { action: 'vendor.approved', target: { type: 'vendor', id: 'V-10009' }, vendorId: 'V-10009', after: { status: 'approved' }, reason: null })], nextCursor: 'c2' };
const SECOND: AuditPage = { items: [entry(3, { action: 'payout.retried', target: { type: 'payout', id: 'P-V-10001-2026-02-2' }, before: { status: 'failed' }, after: { status: 'pending' }, reason: null })], nextCursor: null };

/** The audit API: pages by cursor; any filter answers the first page's first entry only. */
function auditApi(): FetchCall[] {
  return adminApi((call) => {
    if (!call.url.startsWith('/api/admin/audit?') && call.url !== '/api/admin/audit') return undefined;
    const query = new URLSearchParams(call.url.split('?')[1] ?? '');
    if (query.get('cursor') === 'c2') return { status: 200, body: SECOND };
    if ([...query.keys()].some((k) => k !== 'cursor')) return { status: 200, body: { items: [FIRST.items[0]], nextCursor: null } };
    return { status: 200, body: FIRST };
  });
}

const rows = () => screen.getAllByTestId('admin-audit-row');
const location = () => screen.getByTestId('location').textContent;

describe('the audit log screen (issue 13)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser('ops@example.com');
    storeAmplifySession();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('lists who did what to which record, what changed and why, newest first, and loads more', async () => {
    auditApi();
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(within(first!).getByTestId('admin-audit-actor').textContent).toBe('ops@example.com');
    expect(within(first!).getByTestId('admin-audit-action').textContent).toBe('Product rejected');
    expect(within(first!).getByTestId('admin-audit-target').textContent).toContain('Product P-0000000001');
    expect(first!.textContent).toContain('status: pending → rejected');
    expect(first!.textContent).toContain('reasons: — → image_quality, Wrong weight');
    expect(within(first!).getByTestId('admin-audit-reason').textContent).toBe('image_quality; Wrong weight');
    expect(within(second!).getByTestId('admin-audit-action').textContent).toBe('Application approved');
    expect(within(second!).getByTestId('admin-audit-reason').textContent).toBe('—');

    await userEvent.setup().click(screen.getByTestId('admin-audit-more'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[2]!).getByTestId('admin-audit-action').textContent).toBe('Payout retried');
    expect(screen.queryByTestId('admin-audit-more')).toBeNull();
  });

  it('filters by operator and action through the URL, and says when a target is half given', async () => {
    const calls = auditApi();
    renderApp('/admin/audit');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.type(screen.getByTestId('admin-audit-filter-target-id'), 'V-10001');
    await user.click(screen.getByTestId('admin-audit-apply'));
    expect(screen.getByTestId('admin-audit-filter-problem').textContent).toBe('Choose a target type and enter its ID, or leave both empty.');
    expect(screen.getByTestId('admin-audit-filter-problem').getAttribute('role')).toBe('alert');

    await user.clear(screen.getByTestId('admin-audit-filter-target-id'));
    await user.type(screen.getByTestId('admin-audit-filter-actor'), 'OPS@example.com');
    await user.selectOptions(screen.getByTestId('admin-audit-filter-action'), 'product.rejected');
    await user.click(screen.getByTestId('admin-audit-apply'));
    await waitFor(() => expect(location()).toBe('/admin/audit?action=product.rejected&actor=ops%40example.com'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.some((c) => c.url === '/api/admin/audit?action=product.rejected&actor=ops%40example.com')).toBe(true);

    await user.click(screen.getByTestId('admin-audit-clear'));
    await waitFor(() => expect(location()).toBe('/admin/audit'));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('“Only this” narrows the log to one target', async () => {
    const calls = auditApi();
    renderApp('/admin/audit');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.setup().click(within(rows()[1]!).getByRole('button', { name: 'Only this: actions on V-10009' }));
    await waitFor(() => expect(location()).toBe('/admin/audit?targetType=vendor&targetId=V-10009'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/audit?targetType=vendor&targetId=V-10009')).toBe(true));
  });

  it('in Traditional Chinese: headings, actions and targets are translated', async () => {
    auditApi();
    await switchLanguage('zh-TW');
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: '稽核紀錄' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByTestId('admin-audit-action').textContent).toBe('拒絕商品');
    expect(within(rows()[0]!).getByTestId('admin-audit-target').textContent).toContain('商品 P-0000000001');
    expect(within(rows()[1]!).getByTestId('admin-audit-action').textContent).toBe('核准賣家申請');
    expect(screen.getByTestId('admin-audit-export').textContent).toBe('匯出 CSV');
    expect(screen.getByTestId('admin-nav-audit').textContent).toBe('稽核紀錄');
  });

  it('says when the log cannot be loaded, with Try again', async () => {
    let fail = true;
    adminApi((call) => {
      if (!call.url.startsWith('/api/admin/audit')) return undefined;
      return fail ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong. Reference: r-9' } } : { status: 200, body: SECOND };
    });
    renderApp('/admin/audit');
    await waitFor(() => expect(screen.getByTestId('admin-audit-status').textContent).toContain('The audit log could not be loaded: Something went wrong.'), { timeout: 15_000 });
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
