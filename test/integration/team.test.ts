import { describe, expect, inject, it } from 'vitest';
import { storedEmails } from '../../scripts/local/ses';
import { api, cognitoCall, idTokenFor, signUpVendor } from '../support/auth';
import { approvedVendor as plainVendor, withTwoStep } from './orders-fixtures';

/** An owner with two-step sign-in on, freshly signed in with a code: team changes need the step-up (issue 14). */
const approvedVendor = async (label: string, name: string) => withTwoStep(await plainVendor(label, name));
import { invitationTokenOf, invite, teamMember } from './team-fixtures';

/**
 * Vendor teams (issue 14) against the local stack: the invitation e-mail, accepting it (the invitee's
 * own application goes), roles taking effect on the next request, removal ending the member's
 * sessions (the API refuses their ID token, Cognito their refresh token), and the shop's notices.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function emailTo(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = (await storedEmails(inject('stack').sesEndpoint, to)).find((e) => subject.test(e.subject));
    if (found) return { subject: found.subject, text: found.body.text ?? '' };
    await sleep(200);
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

async function refreshTokenFor(email: string, password: string): Promise<string> {
  const { webConfig } = inject('stack');
  const out = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: webConfig.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
  return (out.AuthenticationResult as { RefreshToken: string }).RefreshToken;
}

describe('vendor teams', () => {
  it('e-mails the invitation with its link to the invitee, and accepting replaces their application with the membership', async () => {
    const shop = await approvedVendor('team.shop', 'Team Shop Foods');
    const email = `team.invitee.${Date.now()}@example.com`;
    await signUpVendor(email, 'Fresh!Member2026', 'Team member');
    const admin = await idTokenFor('ops@example.com', 'Demo!Ops2026').catch(() => null);

    const member = await invite(shop, email, 'finance');
    expect(member).toMatchObject({ email, role: 'finance', status: 'invited', accountHolder: false });
    const mail = await emailTo(email, /Team Shop Foods/);
    const token = await invitationTokenOf(member.email);
    expect(mail.text).toContain(`/invite?token=${token}`);
    expect(mail.text).toContain('Finance');

    const memberToken = await idTokenFor(email, 'Fresh!Member2026');
    // Before accepting: the invitee is an applicant like any other (pending).
    expect((await api('/api/me', { token: memberToken })).body).toMatchObject({ status: 'pending', memberRole: null });
    const described = await api('/api/team/invitation', { method: 'POST', token: memberToken, body: JSON.stringify({ token }) });
    expect(described).toMatchObject({ status: 200, body: { vendorName: 'Team Shop Foods', role: 'finance', email, invitedBy: shop.email } });
    expect(await api('/api/team/invitation/accept', { method: 'POST', token: memberToken, body: JSON.stringify({ token }) })).toMatchObject({ status: 200, body: { vendorName: 'Team Shop Foods', role: 'finance' } });

    expect((await api('/api/me', { token: memberToken })).body).toMatchObject({ email, status: 'approved', vendorId: shop.vendorId, vendorName: 'Team Shop Foods', memberRole: 'finance', accountHolder: false });
    // The application the sign-up made is gone from the ops queue.
    if (admin) {
      const apps = (await api('/api/admin/applications', { token: admin })).body as { items?: { email: string }[] };
      expect(JSON.stringify(apps)).not.toContain(email);
    }
    // The token is spent; the owner sees the member active, and was told.
    expect(await api('/api/team/invitation/accept', { method: 'POST', token: memberToken, body: JSON.stringify({ token }) })).toMatchObject({ status: 404, body: { error: 'invitation_invalid' } });
    const team = (await api('/api/team', { token: shop.token })).body as { members: { email: string; status: string; role: string; accountHolder: boolean }[] };
    expect(team.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: shop.email, role: 'owner', accountHolder: true }), expect.objectContaining({ email, role: 'finance', status: 'active' })]),
    );
    await emailTo(shop.email, /team changed/);
    // The activity log has both, each written in its change's transaction.
    const log = (await api('/api/activity', { token: shop.token })).body as { items: { action: string; actor: { email: string }; target: { label?: string } | null; after: Record<string, unknown> | null }[] };
    expect(log.items.filter((e) => e.target?.label === email).map((e) => [e.action, e.actor.email, e.after?.role])).toEqual(
      expect.arrayContaining([
        ['member.invited', shop.email, 'finance'],
        ['member.joined', email, 'finance'],
      ]),
    );
  }, 90_000);

  it('refuses an invitation to another address, a second invitation of a member, and any change to the account holder', async () => {
    const shop = await approvedVendor('team.rules', 'Team Rules Foods');
    const stranger = `team.stranger.${Date.now()}@example.com`;
    await signUpVendor(stranger, 'Fresh!Member2026', 'Stranger');
    const member = await invite(shop, `team.intended.${Date.now()}@example.com`, 'inventory');
    const token = await invitationTokenOf(member.email);
    const strangerToken = await idTokenFor(stranger, 'Fresh!Member2026');
    expect(await api('/api/team/invitation/accept', { method: 'POST', token: strangerToken, body: JSON.stringify({ token }) })).toMatchObject({ status: 403, body: { error: 'invitation_email_mismatch' } });
    expect(await api('/api/team/invitations', { method: 'POST', token: shop.token, body: JSON.stringify({ email: member.email.toUpperCase(), role: 'finance' }) })).toMatchObject({ status: 409, body: { error: 'member_exists' } });
    expect(await api('/api/team/invitations', { method: 'POST', token: shop.token, body: JSON.stringify({ email: 'bad@@example', role: 'finance' }) })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await api('/api/team/members/holder/role', { method: 'PUT', token: shop.token, body: JSON.stringify({ role: 'manager', expectedRole: 'owner' }) })).toMatchObject({ status: 409, body: { error: 'account_holder_fixed' } });
    expect(await api('/api/team/members/holder', { method: 'DELETE', token: shop.token })).toMatchObject({ status: 409, body: { error: 'account_holder_fixed' } });
    // An approved vendor cannot join another shop: a user belongs to one.
    const other = await plainVendor('team.other', 'Other Shop');
    await invite(shop, other.email, 'manager');
    expect(
      await api('/api/team/invitation/accept', { method: 'POST', token: other.token, body: JSON.stringify({ token: await invitationTokenOf(other.email) }) }),
    ).toMatchObject({ status: 409, body: { error: 'already_in_shop' } });
  }, 90_000);

  it('asks for the step-up: an owner without two-step sign-in is 403 mfa_required, nothing written', async () => {
    const shop = await plainVendor('team.nototp', 'Team No Two-Step');
    expect(await api('/api/team/invitations', { method: 'POST', token: shop.token, body: JSON.stringify({ email: `team.x.${Date.now()}@example.com`, role: 'finance' }) })).toMatchObject({
      status: 403,
      body: { error: 'mfa_required' },
    });
    expect(((await api('/api/team', { token: shop.token })).body as { members: unknown[] }).members).toHaveLength(1);
  }, 60_000);

  it('applies a role change on the next request, conditional on the role the owner saw', async () => {
    const shop = await approvedVendor('team.roles', 'Team Roles Foods');
    const member = await teamMember(shop, 'inventory');
    expect((await api('/api/products?tab=draft', { token: member.token })).status).toBe(200);
    expect(await api('/api/payouts', { token: member.token })).toMatchObject({ status: 403, body: { error: 'role_not_allowed' } });

    const stale = await api(`/api/team/members/${member.memberId}/role`, { method: 'PUT', token: shop.token, body: JSON.stringify({ role: 'finance', expectedRole: 'manager' }) });
    expect(stale).toMatchObject({ status: 409, body: { error: 'member_changed' } });
    const changed = await api(`/api/team/members/${member.memberId}/role`, { method: 'PUT', token: shop.token, body: JSON.stringify({ role: 'finance', expectedRole: 'inventory' }) });
    expect(changed).toMatchObject({ status: 200, body: { role: 'finance' } });

    // The same ID token: the role is read from the stored membership on every request.
    expect((await api('/api/payouts', { token: member.token })).status).toBe(200);
    expect(await api('/api/products?tab=draft', { token: member.token })).toMatchObject({ status: 403, body: { error: 'role_not_allowed' } });
    expect((await api('/api/me', { token: member.token })).body).toMatchObject({ memberRole: 'finance' });
  }, 90_000);

  it('ends a removed member’s sessions at once: the API refuses the ID token they hold, Cognito their refresh token', async () => {
    const shop = await approvedVendor('team.remove', 'Team Remove Foods');
    const member = await teamMember(shop, 'manager');
    const refresh = await refreshTokenFor(member.email, member.password);
    expect((await api('/api/dashboard', { token: member.token })).status).toBe(200);

    expect((await api(`/api/team/members/${member.memberId}`, { method: 'DELETE', token: shop.token })).status).toBe(204);

    expect(await api('/api/dashboard', { token: member.token })).toMatchObject({ status: 403, body: { error: 'membership_ended' } });
    expect(await api('/api/me', { token: member.token })).toMatchObject({ status: 403, body: { error: 'membership_ended', message: 'Your access to Team Remove Foods has ended.' } });
    const { webConfig } = inject('stack');
    await expect(cognitoCall('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: webConfig.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refresh } })).rejects.toThrow();
    // A fresh sign-in is refused by the API too; the team no longer lists the member.
    const again = await idTokenFor(member.email, member.password);
    expect((await api('/api/orders', { token: again })).body).toMatchObject({ error: 'membership_ended' });
    const team = (await api('/api/team', { token: shop.token })).body as { members: { email: string }[] };
    expect(team.members.map((m) => m.email)).not.toContain(member.email);
    await emailTo(shop.email, /team changed/);
    const log = (await api('/api/activity?action=member.removed', { token: shop.token })).body as { items: { target: { label?: string } | null; before: Record<string, unknown> | null }[] };
    expect(log.items.map((e) => [e.target?.label, e.before?.role])).toEqual([[member.email, 'manager']]);
  }, 90_000);
});
