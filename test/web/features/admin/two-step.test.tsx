/**
 * Issue 14 in the ops console, in both languages: an admin without two-step verification sees the set-up
 * instead of the sections (the server refuses them anyway), and turning it on opens the console; on a
 * vendor's page, ops reset the vendor's two-step verification with a required reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import en from '../../../../web/src/i18n/admin.en.json';
import zh from '../../../../web/src/i18n/admin.zh-TW.json';
import common from '../../../../web/src/i18n/en.json';
import { auth, configure, signedInJustNow, signedInUser, storeAmplifySession } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';
import { adminApi } from './admin-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const OVERVIEW = { applications: { count: 0, oldestAt: null }, reviews: { count: 0, oldestAt: null }, supportCases: { count: 0, oldestAt: null }, payouts: { failed: 0, awaitingConfirmation: 0, oldestAt: null } };
const DETAIL = {
  vendor: { userId: 'u-1', vendorId: 'V-10001', email: 'demo.vendor@example.com', vendorName: 'Golden Harvest Foods', status: 'approved', createdAt: '2026-01-05T09:00:00.000Z', language: 'en', reviewedAt: null, reviewedBy: null, rejectionReason: null },
  commission: { rateBps: 1500, storedRateBps: null },
  balanceCents: 0,
  recentOrders: [],
  products: { live: 0, draft: 0, pending: 0, rejected: 0 },
  payoutMethod: null,
  payouts: [],
  audit: [],
};

describe('two-step verification in the ops console (issue 14)', () => {
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

  it('an admin without it sees the set-up instead of the sections; turning it on opens the console', async () => {
    auth.fetchMFAPreference.mockResolvedValue({});
    auth.setUpTOTP.mockResolvedValue({ sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri: () => new URL('otpauth://totp/Seller%20Portal:ops?secret=JBSWY3DPEHPK3PXP') });
    auth.verifyTOTPSetup.mockResolvedValue(undefined);
    auth.updateMFAPreference.mockResolvedValue(undefined);
    await signedInJustNow();
    const calls = adminApi((call) => {
      if (call.url === '/api/admin/overview') return { status: 200, body: OVERVIEW };
      if (call.url === '/api/me/two-step') return { status: 200, body: { totp: true, changed: false } };
      return undefined;
    });
    renderApp('/admin');
    const gate = await screen.findByTestId('admin-two-step-required');
    expect(within(gate).getByRole('heading', { level: 1 }).textContent).toBe(en.admin_two_step_title);
    expect(screen.queryByTestId('admin-nav-overview')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/admin/'))).toBe(false);

    const user = userEvent.setup();
    await user.click(within(gate).getByRole('button', { name: en.admin_two_step_set_up }));
    const setup = await screen.findByRole('dialog', { name: common.two_step_setup_title });
    await user.type(await within(setup).findByLabelText(common.two_step_code_label), '123456');
    await user.click(within(setup).getByRole('button', { name: common.two_step_turn_on }));
    await screen.findByTestId('admin-nav-overview');
    expect(screen.queryByTestId('admin-two-step-required')).toBeNull();
    expect(calls.some((c) => c.url === '/api/me/two-step' && c.method === 'POST')).toBe(true);
  });

  it('in Traditional Chinese', async () => {
    auth.fetchMFAPreference.mockResolvedValue({});
    adminApi(() => undefined);
    await switchLanguage('zh-TW');
    renderApp('/admin');
    const gate = await screen.findByTestId('admin-two-step-required');
    expect(gate.textContent).toContain(zh.admin_two_step_title);
    expect(within(gate).getByRole('button', { name: zh.admin_two_step_set_up })).toBeTruthy();
  });

  it('ops reset a vendor’s two-step verification: a reason is required, then the reset is said in the page', async () => {
    const calls = adminApi((call) => {
      if (call.url === '/api/admin/vendors/V-10001') return { status: 200, body: DETAIL };
      if (call.url === '/api/admin/users/u-1/mfa-reset') return { status: 200, body: { userId: 'u-1', totp: false, wasOn: true } };
      return undefined;
    });
    renderApp('/admin/vendors/V-10001');
    const card = await screen.findByTestId('admin-vendor-mfa');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: en.admin_mfa_reset_button }));
    const dialog = await screen.findByRole('dialog', { name: en.admin_mfa_reset_title });
    expect(dialog.textContent).toContain('demo.vendor@example.com');
    await user.click(within(dialog).getByRole('button', { name: en.admin_mfa_reset_confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en.admin_mfa_reason_required);
    expect(calls.some((c) => c.url.includes('mfa-reset'))).toBe(false);

    await user.type(within(dialog).getByLabelText(en.admin_mfa_reason_label), 'Lost phone; checked by video call');
    await user.click(within(dialog).getByRole('button', { name: en.admin_mfa_reset_confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: en.admin_mfa_reset_title })).toBeNull());
    expect(screen.getByTestId('admin-vendor-mfa-notice').textContent).toContain(en.admin_mfa_reset_done.replace('{{email}}', 'demo.vendor@example.com'));
    expect(calls.find((c) => c.url === '/api/admin/users/u-1/mfa-reset')).toMatchObject({ method: 'POST', body: { reason: 'Lost phone; checked by video call' } });
  });

  it('the reset in Traditional Chinese, and a failure said in the page', async () => {
    adminApi((call) => {
      if (call.url === '/api/admin/vendors/V-10001') return { status: 200, body: DETAIL };
      if (call.url === '/api/admin/users/u-1/mfa-reset') return { status: 404, body: { error: 'user_not_found', message: 'No user u-1' } };
      return undefined;
    });
    await switchLanguage('zh-TW');
    renderApp('/admin/vendors/V-10001');
    const card = await screen.findByTestId('admin-vendor-mfa');
    expect(card.textContent).toContain(zh.admin_mfa_help);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: zh.admin_mfa_reset_button }));
    const dialog = await screen.findByRole('dialog', { name: zh.admin_mfa_reset_title });
    await user.type(within(dialog).getByLabelText(zh.admin_mfa_reason_label), '遺失手機');
    await user.click(within(dialog).getByRole('button', { name: zh.admin_mfa_reset_confirm }));
    await waitFor(() => expect(screen.getByTestId('admin-vendor-mfa-notice').textContent).toContain('重設失敗'));
  });
});
