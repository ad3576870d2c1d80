import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole, MemberView } from '../../contracts/team';
import { localTableName } from '../../contracts/tables';
import { api, idTokenFor, signUpVendor, useTestStackEnv } from '../support/auth';
import type { TestVendor } from './orders-fixtures';

export interface TestMember {
  email: string;
  password: string;
  memberId: string;
  /** An ID token of the member's user, after accepting. */
  token: string;
}

/** The invitation token the e-mail carries: read from the invitation's outbox item (the notifier e-mails it). */
export async function invitationTokenOf(vendorId: string, memberId: string): Promise<string> {
  useTestStackEnv();
  const { dynamo } = await import('../../lambdas/shared/clients');
  const out = await dynamo.send(
    new QueryCommand({ TableName: localTableName('notifications'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': `INVITE#${vendorId}#${memberId}` }, ScanIndexForward: false, Limit: 1 }),
  );
  const token = (out.Items?.[0]?.params as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`no invitation e-mail for ${memberId}`);
  return token;
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
  const accepted = await api('/api/team/invitation/accept', { method: 'POST', token, body: JSON.stringify({ token: await invitationTokenOf(shop.vendorId, member.memberId) }) });
  if (accepted.status !== 200) throw new Error(`POST /api/team/invitation/accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { email, password, memberId: member.memberId, token };
}
