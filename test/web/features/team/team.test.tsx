import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberView } from '../../../../contracts/team';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const SOON = { timeout: 15_000 };

const holder: MemberView = { memberId: 'holder', email: 'demo.vendor@example.com', role: 'owner', status: 'active', accountHolder: true, invitedAt: null, invitedBy: null, joinedAt: '2026-10-01T00:00:00.000Z', expiresAt: null };
const staff: MemberView = {
  memberId: 'M-staff',
  email: 'staff.vendor@example.com',
  role: 'inventory',
  status: 'active',
  accountHolder: false,
  invitedAt: '2026-11-01T00:00:00.000Z',
  invitedBy: 'demo.vendor@example.com',
  joinedAt: '2026-11-01T01:00:00.000Z',
  expiresAt: null,
};

/** The team as the API keeps it in these tests (what lambdas/team/store.ts answers). */
class FakeTeam {
  members: MemberView[] = [holder, { ...staff }];
  answer(call: FetchCall): { status: number; body?: unknown } {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/team') return { status: 200, body: { members: this.members, maxMembers: 50 } };
    if (url.pathname === '/api/team/invitations') {
      const { email, role } = call.body as { email: string; role: MemberView['role'] };
      if (this.members.some((m) => m.email === email)) return { status: 409, body: { error: 'member_exists', message: 'x' } };
      const invited: MemberView = { ...staff, memberId: `M-${email}`, email, role, status: 'invited', joinedAt: null, expiresAt: '2026-12-02T00:00:00.000Z' };
      this.members.push(invited);
      return { status: 201, body: invited };
    }
    const role = /^\/api\/team\/members\/([^/]+)\/role$/.exec(url.pathname);
    if (role) {
      const m = this.members.find((x) => x.memberId === decodeURIComponent(role[1]!))!;
      m.role = (call.body as { role: MemberView['role'] }).role;
      return { status: 200, body: m };
    }
    const remove = /^\/api\/team\/members\/([^/]+)$/.exec(url.pathname);
    if (remove && call.method === 'DELETE') {
      this.members = this.members.filter((x) => x.memberId !== decodeURIComponent(remove[1]!));
      return { status: 204 };
    }
    return { status: 404, body: { error: 'not_found', message: 'x' } };
  }
}

let team: FakeTeam;

async function signedInAt(path: string, me: Record<string, unknown>) {
  storeAmplifySession();
  const calls = stubFetch((call) =>
    call.url.startsWith('/api/team')
      ? team.answer(call)
      : call.url === '/api/me'
        ? { status: 200, body: me }
        : call.url.startsWith('/api/notifications/unread')
          ? { status: 200, body: { unread: 0 } }
          : { status: 200, body: { items: [], nextCursor: null } },
  );
  renderApp(path);
  return { calls, user: userEvent.setup() };
}

describe('vendor teams (issue 14)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    team = new FakeTeam();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('the owner reaches the team from the account menu, invites a member with a role, changes a role and removes a member after confirming', async () => {
    const { user, calls } = await signedInAt('/dashboard', meBody({ memberRole: 'owner', accountHolder: true }));
    await user.click(await screen.findByTestId('account-button', {}, SOON));
    await user.click(await screen.findByTestId('team-link', {}, SOON));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' }, SOON)).toBeTruthy();
    const list = await screen.findByTestId('team-list', {}, SOON);
    expect(within(list).getAllByTestId('team-member-email').map((e) => e.textContent)).toEqual(['demo.vendor@example.com', 'staff.vendor@example.com']);
    expect(within(list).getAllByTestId('team-member')[0]!.textContent).toContain('Account holder');

    // A malformed address is caught before sending.
    await user.type(screen.getByTestId('team-invite-email'), 'bad@@example');
    await user.click(screen.getByTestId('team-invite-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    await user.clear(screen.getByTestId('team-invite-email'));
    await user.type(screen.getByTestId('team-invite-email'), 'Books@Example.com ');
    await user.selectOptions(screen.getByTestId('team-invite-role'), 'finance');
    await user.click(screen.getByTestId('team-invite-submit'));
    expect((await screen.findByTestId('team-outcome', {}, SOON)).textContent).toContain('Invitation sent to books@example.com as Finance.');
    expect(calls.find((c) => c.url === '/api/team/invitations')?.body).toEqual({ email: 'books@example.com', role: 'finance' });
    await waitFor(() => expect(screen.getAllByTestId('team-member')).toHaveLength(3), SOON);
    expect(screen.getAllByTestId('team-member')[2]!.textContent).toContain('Invited');

    const staffCard = screen.getAllByTestId('team-member')[1]!;
    await user.selectOptions(within(staffCard).getByTestId('team-member-role-select'), 'manager');
    expect((await screen.findByTestId('team-outcome', {}, SOON)).textContent).toContain('staff.vendor@example.com is now Manager.');
    expect(calls.find((c) => c.url === '/api/team/members/M-staff/role')?.body).toEqual({ role: 'manager', expectedRole: 'inventory' });

    await user.click(within(screen.getAllByTestId('team-member')[1]!).getByTestId('team-member-remove'));
    const dialog = await screen.findByTestId('team-remove-dialog', {}, SOON);
    expect(dialog.textContent).toContain('will be signed out on every device at once');
    await user.click(within(dialog).getByTestId('team-remove-confirm'));
    expect((await screen.findByTestId('team-outcome', {}, SOON)).textContent).toContain('staff.vendor@example.com was removed from the team');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/team/members/M-staff')).toBe(true);
  });

  it('says up front that inviting needs two-step verification, and an owner without it sets it up from the invitation form (issue 24, item 18)', { timeout: 40_000 }, async () => {
    auth.setUpTOTP.mockResolvedValue({ sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri: () => new URL('otpauth://totp/Seller%20Portal:demo?secret=JBSWY3DPEHPK3PXP') });
    const { user } = await signedInAt('/team', meBody({ memberRole: 'owner', accountHolder: true }));
    // The team page's chunk is loaded on first use: slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Team' }, { timeout: 20_000 });
    const notice = await screen.findByTestId('team-two-step-required', {}, SOON);
    expect(notice.textContent).toContain('Inviting members and changing their roles needs two-step verification');
    await waitFor(() => expect(notice.textContent).toContain('It is off for your account'), SOON);
    await user.click(within(notice).getByRole('button', { name: 'Set up two-step verification' }));
    // The set-up flow opens; with a sign-in older than five minutes it first asks to confirm it is the
    // owner (a fresh sign-in, issue 24 item 2), then shows the authenticator set-up.
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" }, SOON)).toBeTruthy();
  });

  it('an owner with two-step verification on is told team changes are confirmed with a code, with no set-up link', { timeout: 40_000 }, async () => {
    auth.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signedInAt('/team', meBody({ memberRole: 'owner', accountHolder: true }));
    await screen.findByRole('heading', { level: 1, name: 'Team' }, { timeout: 20_000 });
    const notice = await screen.findByTestId('team-two-step-required', {}, SOON);
    await waitFor(() => expect(notice.textContent).toContain('you confirm team changes with a code from your authenticator app'), SOON);
    expect(within(notice).queryByRole('button')).toBeNull();
  });

  it('in Traditional Chinese: the team page, roles and the invitation error from the server', async () => {
    await switchLanguage('zh-TW');
    const { user } = await signedInAt('/team', meBody({ language: 'zh-TW', memberRole: 'owner', accountHolder: true }));
    expect(await screen.findByRole('heading', { level: 1, name: '團隊' }, SOON)).toBeTruthy();
    await screen.findByTestId('team-list', {}, SOON);
    expect(screen.getAllByTestId('team-member')[0]!.textContent).toContain('帳戶持有人');
    await user.type(screen.getByTestId('team-invite-email'), 'staff.vendor@example.com');
    await user.click(screen.getByTestId('team-invite-submit'));
    expect((await screen.findByTestId('team-outcome', {}, SOON)).textContent).toContain('無法寄送邀請：此電子郵件地址已在您的團隊中或已受邀。');
  });

  it('a signed-in vendor who follows an invitation link sees what it offers, accepts it and enters the shop in their new role', async () => {
    const token = 'A'.repeat(43);
    let me = meBody();
    storeAmplifySession();
    const calls = stubFetch((call) => {
      if (call.url === '/api/me') return { status: 200, body: me };
      if (call.url === '/api/team/invitation') return { status: 200, body: { vendorName: 'Harbor Fresh', role: 'finance', email: 'demo.vendor@example.com', invitedBy: 'owner@harbor.example', expiresAt: '2026-12-02T00:00:00.000Z' } };
      if (call.url === '/api/team/invitation/accept') {
        me = meBody({ vendorId: 'V-20002', vendorName: 'Harbor Fresh', memberRole: 'finance', accountHolder: false });
        return { status: 200, body: { vendorName: 'Harbor Fresh', role: 'finance' } };
      }
      return { status: 200, body: { items: [], nextCursor: null } };
    });
    renderApp(`/invite?token=${token}&shop=Harbor%20Fresh`);
    const user = userEvent.setup();
    expect((await screen.findByTestId('invite-summary', {}, { timeout: 20_000 })).textContent).toContain('Harbor Fresh');
    expect(calls.find((c) => c.url === '/api/team/invitation')?.body).toEqual({ token });
    await user.click(screen.getByTestId('invite-accept'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'), SOON);
    expect(calls.some((c) => c.url === '/api/team/invitation/accept')).toBe(true);
  });

  it('an Inventory member sees only products and inventory in the navigation, lands on products and is told "not allowed" on a typed payouts URL', async () => {
    const { user } = await signedInAt('/payouts', meBody({ email: 'staff.vendor@example.com', memberRole: 'inventory', accountHolder: false }));
    const blocked = await screen.findByTestId('not-allowed', {}, SOON);
    expect(within(blocked).getByRole('alert').textContent).toBe('Your role in this shop (Inventory) does not include this page. Ask an owner of the shop if you need it.');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Products', 'Inventory']);
    await user.click(screen.getByTestId('account-button'));
    expect((await screen.findByTestId('account-role', {}, SOON)).textContent).toBe('Inventory');
    expect(screen.queryByTestId('team-link')).toBeNull();
    expect(screen.getByTestId('logout-button')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(within(blocked).getByRole('link'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products'));
  });

  it('in Traditional Chinese, a Finance member is told "not allowed" on products and sees payouts in the navigation', async () => {
    await switchLanguage('zh-TW');
    await signedInAt('/products', meBody({ language: 'zh-TW', memberRole: 'finance', accountHolder: false }));
    const blocked = await screen.findByTestId('not-allowed', {}, SOON);
    expect(within(blocked).getByRole('alert').textContent).toContain('財務');
    const nav = screen.getByRole('navigation', { name: '主選單' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['總覽', '訂單', '撥款']);
  });
});
