import { inject } from 'vitest';
import type { MemberRole, MemberView } from '../../contracts/team';
import { storedEmails } from '../../scripts/local/ses';
import { api, idTokenFor, signUpVendor } from '../support/auth';
import type { TestVendor } from './orders-fixtures';

export interface TestMember {
  email: string;
  password: string;
  memberId: string;
  /** An ID token of the member's user, after accepting. */
  token: string;
}

/**
 * The invitation token, as the invitee gets it: from the link in the invitation e-mail to `email`
 * (the local SES stand-in's store; the notifier sends it). Nothing else holds it in plain text.
 */
export async function invitationTokenOf(email: string): Promise<string> {
  const { sesEndpoint } = inject('stack');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const links = (await storedEmails(sesEndpoint, email)).flatMap((e) => [...(e.body.text ?? '').matchAll(/\/invite\?token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!));
    // The newest e-mail's link (an invitation sent again carries a new token).
    if (links.length) return links[links.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no invitation e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Owner `shop` invites `email` with `role` through the API; answers the invitation's member record. */
export async function invite(shop: Pick<TestVendor, 'token'>, email: string, role: MemberRole): Promise<MemberView> {
  const res = await api('/api/team/invitations', { method: 'POST', token: shop.token, body: JSON.stringify({ email, role }) });
  if (res.status !== 201) throw new Error(`POST /api/team/invitations: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MemberView;
}

/**
 * A member of `shop` with `role`, as a person becomes one: signs up (an application appears), is
 * invited by the owner, and accepts with the e-mailed token while signed in.
 */
export async function teamMember(shop: TestVendor, role: MemberRole, label: string = role): Promise<TestMember> {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Fresh!Member2026';
  await signUpVendor(email, password, 'Team member');
  const member = await invite(shop, email, role);
  const token = await idTokenFor(email, password);
  const accepted = await api('/api/team/invitation/accept', { method: 'POST', token, body: JSON.stringify({ token: await invitationTokenOf(email) }) });
  if (accepted.status !== 200) throw new Error(`POST /api/team/invitation/accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { email, password, memberId: member.memberId, token };
}
