import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { INVITATIONS_PER_ADDRESS_PER_DAY, INVITATIONS_PER_SHOP_PER_HOUR } from '../../../contracts/team';
import { tables } from '../../../contracts/tables';
import { notify } from '../../../lambdas/notifications/notifier-handler';
import { inboxItemOf } from '../../../lambdas/notifications/record';
import type { VendorCaller } from '../../../lambdas/shared/auth';
import { scrubInvitationTokens } from '../../../lambdas/team/invitation-tokens';
import { invite, memberIdFor } from '../../../lambdas/team/store';
import { useNotifierTestEnv } from '../notifications/notifier-env';

/**
 * Issue 24, item 5: invitation e-mails are rate-limited per shop and per address (the support cases'
 * sliding window, lambdas/shared/rate-window.ts), and the invitation token is stored nowhere in plain
 * text — not in the member record (its SHA-256 only), and not in the invitation's outbox item either:
 * the notifier makes the token when it sends the e-mail, records its hash on the invitation, and puts
 * the token in the e-mail's link only.
 */
for (const def of Object.values(tables)) process.env[def.envVar] = `${def.name}-test`;
useNotifierTestEnv({ NOTIFICATIONS_TABLE: 'notifications-test', VENDORS_TABLE: 'vendors-test', IDEMPOTENCY_TABLE: 'idempotency-test', MEMBERS_TABLE: 'members-test' });
const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

const NOW = new Date('2026-11-28T10:00:00.000Z');
const shop = { userId: 'holder-1', email: 'owner@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const owner = { userId: 'holder-1', email: 'owner@example.com', groups: ['vendors'], vendor: shop, member: { role: 'owner', memberId: 'holder', accountHolder: true }, membershipRecord: null } as unknown as VendorCaller;
const TOKEN = /[A-Za-z0-9_-]{43}/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The windows as the idempotency table holds them (times of recent invitations). */
function given(opts: { shopRecent?: string[]; addressRecent?: string[] } = {}) {
  ddb.on(QueryCommand, { TableName: 'members-test' }).resolves({ Items: [] });
  ddb.on(GetCommand, { TableName: 'idempotency-test' }).callsFake((input: { Key: { key: string } }) => {
    const recent = input.Key.key.startsWith('INVITE_RATE#shop#') ? opts.shopRecent : opts.addressRecent;
    return { Item: recent ? { key: input.Key.key, recent, version: recent.length } : undefined };
  });
  ddb.on(TransactWriteCommand).resolves({});
}
const written = () => ddb.commandCalls(TransactWriteCommand).flatMap((c) => c.args[0].input.TransactItems!);
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000).toISOString();

beforeEach(() => {
  ddb.reset();
  ses.reset();
});

describe('inviting (issue 24, item 5)', () => {
  it('stores no token: the member record has no token or hash yet, the outbox item has no token and its link none', async () => {
    given();
    await invite(owner, { email: 'staff@example.com', role: 'inventory' }, NOW);
    const items = written();
    const json = JSON.stringify(items);
    expect(json).not.toMatch(/token=|"token"/i);
    const member = items.find((i) => i.Put?.TableName === 'members-test')!.Put!.Item!;
    expect(member).toMatchObject({ status: 'invited', email: 'staff@example.com', role: 'inventory' });
    expect(member.inviteTokenHash).toBeUndefined();
    const outbox = items.find((i) => i.Put?.Item?.type === 'team_invitation')!.Put!.Item!;
    expect(outbox.params).not.toHaveProperty('token');
    expect(outbox.link).toBe('/invite?shop=Golden%20Harvest%20Foods');
  });

  it('takes a slot of the shop’s hourly window and of the address’s daily window in the same transaction', async () => {
    given({ shopRecent: [minutesAgo(5)], addressRecent: [minutesAgo(120)] });
    await invite(owner, { email: 'Staff@Example.com', role: 'inventory' }, NOW);
    const windows = written().filter((i) => i.Put?.TableName === 'idempotency-test');
    expect(windows.map((w) => w.Put!.Item!.key)).toEqual(['INVITE_RATE#shop#V-10001', `INVITE_RATE#to#${sha256('staff@example.com')}`]);
    expect(windows[0]!.Put).toMatchObject({ Item: { recent: [minutesAgo(5), NOW.toISOString()], version: 2 }, ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': 1 } });
    // The address is kept as a hash only; the items expire with their window (the table's TTL).
    expect(JSON.stringify(windows)).not.toContain('staff@example.com');
    expect(windows[1]!.Put!.Item!.expiresAt).toBe(Math.ceil((NOW.getTime() + 86_400_000) / 1000));
  });

  it(`refuses the ${INVITATIONS_PER_SHOP_PER_HOUR + 1}th invitation of a shop within an hour: 429, nothing written`, async () => {
    given({ shopRecent: Array.from({ length: INVITATIONS_PER_SHOP_PER_HOUR }, (_, i) => minutesAgo(50 - i)) });
    await expect(invite(owner, { email: 'staff@example.com', role: 'inventory' }, NOW)).rejects.toMatchObject({ statusCode: 429, code: 'invitation_rate_limited', message: expect.stringContaining('10 minutes') });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it(`refuses a ${INVITATIONS_PER_ADDRESS_PER_DAY + 1}th invitation to one address within a day, whichever shops sent them`, async () => {
    given({ addressRecent: Array.from({ length: INVITATIONS_PER_ADDRESS_PER_DAY }, (_, i) => minutesAgo(600 - i)) });
    await expect(invite(owner, { email: 'staff@example.com', role: 'inventory' }, NOW)).rejects.toMatchObject({ statusCode: 429, code: 'invitation_rate_limited' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('reads the windows again when another invitation took a slot meanwhile', async () => {
    given();
    const raced = new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }] });
    ddb.on(TransactWriteCommand).rejectsOnce(raced).resolves({});
    await invite(owner, { email: 'staff@example.com', role: 'inventory' }, NOW);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('the invitation e-mail (issue 24, item 5)', () => {
  const memberId = memberIdFor('V-10001', 'staff@example.com');
  const item = inboxItemOf({
    vendorId: `INVITE#V-10001#${memberId}`,
    type: 'team_invitation',
    subject: `${memberId}.${NOW.toISOString()}`,
    params: { email: 'staff@example.com', businessName: 'Golden Harvest Foods', role: 'inventory', invitedBy: 'owner@example.com', language: 'en', expiresAt: '2026-12-05T10:00:00.000Z' },
    createdAt: NOW.toISOString(),
  });

  beforeEach(() => {
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
  });

  it('makes the token as it sends: its SHA-256 goes on the open invitation, the token itself only into the e-mail’s link', async () => {
    expect(await notify(item, () => NOW)).toBe('sent');
    const text = ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Simple!.Body!.Text!.Data!;
    const token = new RegExp(`/invite\\?token=(${TOKEN.source})&shop=Golden%20Harvest%20Foods`).exec(text)?.[1];
    expect(token).toBeDefined();
    const issued = ddb.commandCalls(UpdateCommand).find((c) => c.args[0].input.TableName === 'members-test')!.args[0].input;
    expect(issued).toMatchObject({ Key: { vendorId: 'V-10001', memberId }, ExpressionAttributeValues: expect.objectContaining({ ':h': sha256(token!), ':invitedAt': NOW.toISOString() }) });
    expect(issued.ConditionExpression).toContain('invitedAt = :invitedAt');
    // Nothing the notifier wrote holds the token.
    expect(JSON.stringify(ddb.commandCalls(UpdateCommand).concat(ddb.commandCalls(PutCommand) as never).map((c) => c.args[0].input))).not.toContain(token);
  });

  it('sends nothing for an invitation no longer open (withdrawn, accepted or invited again meanwhile)', async () => {
    ddb.on(UpdateCommand, { TableName: 'members-test' }).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    expect(await notify(item, () => NOW)).toBe('invitation_closed');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    // The e-mail's claim is released: nothing was sent.
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({ TableName: 'idempotency-test', Key: { key: `EMAIL#${item.vendorId}#${item.id}` } });
  });
});

describe('existing invitation outbox items with a plain token (the one-time scrub, issue 24 item 5)', () => {
  it('removes the token from their params and link; other items are left alone', async () => {
    const old = { vendorId: 'INVITE#V-10001#M-1', sk: 'N#2026-11-20T10:00:00.000Z#team_invitation.M-1', type: 'team_invitation', params: { email: 'a@example.com', businessName: 'Golden Harvest Foods', token: 'x'.repeat(43) }, link: `/invite?token=${'x'.repeat(43)}&shop=Golden%20Harvest%20Foods` };
    const clean = { vendorId: 'INVITE#V-10001#M-2', sk: 'N#2026-11-28T10:00:00.000Z#team_invitation.M-2', type: 'team_invitation', params: { email: 'b@example.com', businessName: 'Golden Harvest Foods' }, link: '/invite?shop=Golden%20Harvest%20Foods' };
    ddb.on(ScanCommand).resolves({ Items: [old, clean] });
    ddb.on(UpdateCommand).resolves({});
    expect(await scrubInvitationTokens({ dryRun: false })).toEqual({ scanned: 2, scrubbed: 1 });
    const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ TableName: 'notifications-test', Key: { vendorId: old.vendorId, sk: old.sk }, ExpressionAttributeValues: { ':link': '/invite?shop=Golden%20Harvest%20Foods' } });
    expect(updates[0]!.UpdateExpression).toContain('REMOVE params.#token');
    expect(ddb.commandCalls(ScanCommand)[0]!.args[0].input).toMatchObject({ TableName: 'notifications-test' });
  });
});
