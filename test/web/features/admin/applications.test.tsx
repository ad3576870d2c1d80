/**
 * The ops console's Vendor applications screen (issue 13), in both languages: the queue with the wait,
 * an application's detail and history, Approve, Reject with a required reason (in-page validation), and
 * the 409 of an application someone else decided first (who decided, nothing changed).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import en from '../../../../web/src/i18n/admin.en.json';
import zh from '../../../../web/src/i18n/admin.zh-TW.json';
import { auth, configure, signedInUser, storeAmplifySession, stubFetch, USER_ID, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const adminMe = { userId: USER_ID, email: 'ops@example.com', groups: ['admins'], roles: ['admin'], status: null, vendorId: null, vendorName: null, language: null, payoutAccountId: null };

const APPLICANT = { userId: 'u-42', email: 'sunrise@example.com', vendorName: 'Sunrise Noodle Co.', language: 'zh-TW', createdAt: '2026-03-07T09:00:00.000Z' };
const RECORD = { ...APPLICANT, vendorId: null, status: 'pending', reviewedAt: null, reviewedBy: null, rejectionReason: null };
const EARLIER = {
  auditId: 'a-1',
  at: '2026-03-01T10:00:00.000Z',
  actor: { userId: 'ops-2', email: 'ann@example.com' },
  action: 'vendor.rejected',
  target: { type: 'vendor', id: 'u-42' },
  vendorId: 'u-42',
  before: { status: 'pending' },
  after: { status: 'rejected' },
  reason: 'Business licence missing',
};

type Answer = { status: number; body?: unknown };
function consoleApi(routes: Record<string, (call: FetchCall) => Answer>) {
  return stubFetch((call) => {
    if (call.url === '/api/me' && call.method === 'GET') return { status: 200, body: adminMe };
    const key = `${call.method} ${call.url.split('?')[0]}`;
    if (routes[key]) return routes[key]!(call);
    return { status: 404, body: { error: 'not_found', message: `no stub for ${key}` } };
  });
}

const listAnswer = () => ({ status: 200, body: { items: [APPLICANT], nextCursor: null, generatedAt: '2026-03-10T09:00:00.000Z' } });

describe('Vendor applications (ops console)', () => {
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

  it('lists pending applications with how long each has waited, and opens one', async () => {
    const calls = consoleApi({
      'GET /api/admin/applications': listAnswer,
      'GET /api/admin/applications/u-42': () => ({ status: 200, body: { application: RECORD, audit: [], generatedAt: '2026-03-10T09:00:00.000Z' } }),
    });
    renderApp('/admin/applications');
    expect(await screen.findByRole('heading', { level: 1, name: en.admin_apps_title }, { timeout: 15_000 })).toBeTruthy();
    const row = await screen.findByTestId('admin-apps-row');
    expect(within(row).getByRole('link', { name: 'Sunrise Noodle Co.' })).toBeTruthy();
    expect(within(row).getByText('sunrise@example.com')).toBeTruthy();
    expect(within(row).getByTestId('admin-apps-age').textContent).toBe('3 days');
    await userEvent.setup().click(within(row).getByRole('link', { name: 'Sunrise Noodle Co.' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunrise Noodle Co.' })).toBeTruthy();
    const facts = await screen.findByTestId('admin-app-facts');
    expect(facts.textContent).toContain('sunrise@example.com');
    expect(facts.textContent).toContain('中文'); // the applicant's language, by its name
    expect(screen.getByTestId('admin-app-state').textContent).toBe(en.admin_apps_status_pending);
    expect(screen.getByTestId('admin-app-audit-empty').textContent).toBe(en.admin_apps_audit_empty);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/admin/applications/u-42');
  });

  it('says when nothing waits', async () => {
    consoleApi({ 'GET /api/admin/applications': () => ({ status: 200, body: { items: [], nextCursor: null, generatedAt: '2026-03-10T09:00:00.000Z' } }) });
    renderApp('/admin/applications');
    expect((await screen.findByTestId('admin-apps-empty', {}, { timeout: 15_000 })).textContent).toBe(en.admin_apps_empty);
  });

  it('Approve sends the decision with the status the operator saw, and shows the new vendor id', async () => {
    let decided = false;
    const calls = consoleApi({
      'GET /api/admin/applications/u-42': () => ({
        status: 200,
        body: { application: decided ? { ...RECORD, status: 'approved', vendorId: 'V-10009', reviewedAt: '2026-03-10T09:01:00.000Z', reviewedBy: 'ops@example.com' } : RECORD, audit: [], generatedAt: '2026-03-10T09:00:00.000Z' },
      }),
      'POST /api/admin/applications/u-42/decision': () => {
        decided = true;
        return { status: 200, body: { application: { ...RECORD, status: 'approved', vendorId: 'V-10009', reviewedAt: '2026-03-10T09:01:00.000Z', reviewedBy: 'ops@example.com' } } };
      },
      'GET /api/admin/applications': listAnswer,
    });
    renderApp('/admin/applications/u-42');
    await userEvent.setup().click(await screen.findByTestId('admin-app-approve', {}, { timeout: 15_000 }));
    const notice = await screen.findByTestId('admin-app-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Sunrise Noodle Co. is approved as V-10009.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ decision: 'approve', expectedStatus: 'pending' });
    await waitFor(() => expect(screen.getByTestId('admin-app-state').textContent).toBe(en.admin_apps_status_approved));
    expect(screen.queryByTestId('admin-app-actions')).toBeNull();
  });

  it('Reject needs a reason (said in the dialog, nothing sent), then sends it', async () => {
    const calls = consoleApi({
      'GET /api/admin/applications/u-42': () => ({ status: 200, body: { application: RECORD, audit: [EARLIER], generatedAt: '2026-03-10T09:00:00.000Z' } }),
      'POST /api/admin/applications/u-42/decision': (call) => ({
        status: 200,
        body: { application: { ...RECORD, status: 'rejected', rejectionReason: (call.body as { reason: string }).reason, reviewedAt: '2026-03-10T09:01:00.000Z', reviewedBy: 'ops@example.com' } },
      }),
      'GET /api/admin/applications': listAnswer,
    });
    renderApp('/admin/applications/u-42');
    const user = userEvent.setup();
    // The earlier decision is in the history, with its reason.
    const entry = await screen.findByTestId('admin-app-audit-entry', {}, { timeout: 15_000 });
    expect(entry.textContent).toContain(en.admin_apps_action_rejected);
    expect(entry.textContent).toContain('ann@example.com');
    expect(entry.textContent).toContain('Business licence missing');
    expect(entry.textContent).toContain('Before: Status: Pending → After: Status: Rejected');

    await user.click(screen.getByTestId('admin-app-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Sunrise Noodle Co.' });
    await user.type(within(dialog).getByLabelText(en.admin_apps_reason_label), '   ');
    await user.click(within(dialog).getByTestId('admin-app-reject-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en.admin_apps_reason_required);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(within(dialog).getByLabelText(en.admin_apps_reason_label));
    await user.type(within(dialog).getByLabelText(en.admin_apps_reason_label), 'Food-safety certificate expired');
    await user.click(within(dialog).getByTestId('admin-app-reject-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ decision: 'reject', reason: 'Food-safety certificate expired', expectedStatus: 'pending' });
    expect((await screen.findByTestId('admin-app-notice')).textContent).toContain('Sunrise Noodle Co. is rejected.');
  });

  it('an application someone else decided first: says who, and changes nothing', async () => {
    let after = false;
    consoleApi({
      'GET /api/admin/applications/u-42': () => ({
        status: 200,
        body: { application: after ? { ...RECORD, status: 'approved', vendorId: 'V-10003', reviewedAt: '2026-03-10T08:59:00.000Z', reviewedBy: 'bob@example.com' } : RECORD, audit: [], generatedAt: '2026-03-10T09:00:00.000Z' },
      }),
      'POST /api/admin/applications/u-42/decision': () => {
        after = true;
        return { status: 409, body: { error: 'application_decided', message: 'This application was already approved by bob@example.com.' } };
      },
      'GET /api/admin/applications': listAnswer,
    });
    renderApp('/admin/applications/u-42');
    await userEvent.setup().click(await screen.findByTestId('admin-app-approve', {}, { timeout: 15_000 }));
    const notice = await screen.findByTestId('admin-app-notice');
    expect(notice.textContent).toContain('This application was already decided: Approved by bob@example.com. Nothing was changed.');
    await waitFor(() => expect(screen.getByTestId('admin-app-state').textContent).toBe(en.admin_apps_status_approved));
  });

  it('works in Traditional Chinese: the queue, the detail and the reject dialog', async () => {
    await switchLanguage('zh-TW');
    consoleApi({
      'GET /api/admin/applications': listAnswer,
      'GET /api/admin/applications/u-42': () => ({ status: 200, body: { application: RECORD, audit: [EARLIER], generatedAt: '2026-03-10T09:00:00.000Z' } }),
    });
    renderApp('/admin/applications');
    expect(await screen.findByRole('heading', { level: 1, name: zh.admin_apps_title }, { timeout: 15_000 })).toBeTruthy();
    const row = await screen.findByTestId('admin-apps-row');
    expect(within(row).getByTestId('admin-apps-age').textContent).toBe('3 天');
    expect(screen.getByRole('columnheader', { name: zh.admin_apps_col_business })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('link', { name: 'Sunrise Noodle Co.' }));
    expect(await screen.findByTestId('admin-app-state')).toHaveProperty('textContent', zh.admin_apps_status_pending);
    expect((await screen.findByTestId('admin-app-audit-entry')).textContent).toContain(zh.admin_apps_action_rejected);
    await user.click(screen.getByRole('button', { name: zh.admin_apps_reject }));
    const dialog = await screen.findByRole('dialog', { name: '駁回 Sunrise Noodle Co.' });
    await user.click(within(dialog).getByRole('button', { name: zh.admin_apps_reject_confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(zh.admin_apps_reason_required);
  });
});
