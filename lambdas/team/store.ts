/**
 * Vendor teams (issue 14; contracts/team.ts): invitations, roles and removal, each one DynamoDB
 * transaction with the member record (`members`), the member's membership item (`vendors`, at their
 * user id: what every API call reads) and the shop's security notice (and the invitation e-mail), so
 * no change is half-written and none goes unannounced. The account holder has no member record: their
 * vendor record makes them an owner, and they can be neither demoted nor removed, so a shop always
 * has an owner.
 */
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { INVITATION_TTL_DAYS, INVITATIONS_PER_ADDRESS_PER_DAY, INVITATIONS_PER_SHOP_PER_HOUR, TEAM_MAX_MEMBERS, type InvitationAnswer, type InviteBody, type MemberRole, type MemberView, type RoleChangeBody } from '../../contracts/team';
import { normalizeEmail } from '../../contracts/email';
import { activityWrite } from '../activity/record';
import { notificationWrites, type TransactItem } from '../notifications/record';
import type { VendorCaller, Caller } from '../shared/auth';
import { dynamo } from '../shared/clients';
import { env } from '../shared/env';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../shared/errors';
import { minutesUntilFree, readRateWindow, takeSlot, windowFull, type RateWindow } from '../shared/rate-window';
import { tableName } from '../shared/tables';
import { getUserRecord, getVendorByUserId, isMembershipRecord, type MembershipRecord, type VendorRecord } from '../shared/vendors';

/** A member or open invitation of a shop, as stored in `members`. */
export interface MemberRecord {
  vendorId: string;
  memberId: string;
  email: string;
  role: MemberRole;
  status: 'invited' | 'active';
  /** The account holder's user id (the shop's vendor record). */
  holderUserId: string;
  userId?: string;
  invitedAt: string;
  invitedBy: string;
  /**
   * SHA-256 (hex) of the e-mailed token, while the invitation is open (the `byInviteToken` index): set
   * by the notifier as it sends the e-mail (issue 24, item 5), absent until then.
   */
  inviteTokenHash?: string;
  expiresAt?: string;
  joinedAt?: string;
  updatedAt: string;
}

export const HOLDER_MEMBER_ID = 'holder';

/** One e-mail is one member of a shop: the id is derived from it, so a second invitation meets the first. */
export const memberIdFor = (vendorId: string, email: string): string =>
  `M-${createHash('sha256').update(`${vendorId}#${normalizeEmail(email)}`).digest('hex').slice(0, 20)}`;

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

let cognito: CognitoIdentityProviderClient | undefined;
const idp = () => (cognito ??= new CognitoIdentityProviderClient({}));

const cancelledBy = (err: unknown, index: number): boolean =>
  err instanceof TransactionCanceledException && err.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

function view(m: MemberRecord): MemberView {
  return {
    memberId: m.memberId,
    email: m.email,
    role: m.role,
    status: m.status,
    accountHolder: false,
    invitedAt: m.invitedAt,
    invitedBy: m.invitedBy,
    joinedAt: m.joinedAt ?? null,
    expiresAt: m.status === 'invited' ? (m.expiresAt ?? null) : null,
  };
}

function holderView(vendor: VendorRecord): MemberView {
  return {
    memberId: HOLDER_MEMBER_ID,
    email: vendor.email,
    role: 'owner',
    status: 'active',
    accountHolder: true,
    invitedAt: null,
    invitedBy: null,
    joinedAt: vendor.reviewedAt ?? vendor.createdAt,
    expiresAt: null,
  };
}

async function memberRecords(vendorId: string): Promise<MemberRecord[]> {
  const items: MemberRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({ TableName: tableName('members'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...((out.Items ?? []) as MemberRecord[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The shop's team: the account holder first, then members by e-mail. Lapsed invitations are left out. */
export async function listTeam(caller: VendorCaller, now = new Date()): Promise<MemberView[]> {
  const members = (await memberRecords(caller.vendor.vendorId))
    .filter((m) => m.status === 'active' || (m.expiresAt ?? '') > now.toISOString())
    .sort((a, b) => a.email.localeCompare(b.email));
  return [holderView(caller.vendor), ...members.map(view)];
}

async function getMember(vendorId: string, memberId: string): Promise<MemberRecord | null> {
  if (memberId.length > 64) return null;
  const out = await dynamo.send(new GetCommand({ TableName: tableName('members'), Key: { vendorId, memberId }, ConsistentRead: true }));
  return (out.Item as MemberRecord | undefined) ?? null;
}

/** The shop's activity log entry for a team change (issue 14; target the member, roles in lowercase). */
function teamActivity(
  caller: Pick<VendorCaller, 'userId' | 'email' | 'vendor'>,
  action: 'member.invited' | 'member.role_changed' | 'member.removed' | 'member.joined',
  m: Pick<MemberRecord, 'email' | 'memberId'>,
  at: string,
  roles: { before?: MemberRole; after?: MemberRole },
): TransactItem {
  return activityWrite({
    vendorId: caller.vendor.vendorId,
    actor: { userId: caller.userId, email: caller.email || caller.vendor.email },
    action,
    target: { type: 'member', id: m.memberId, label: m.email },
    ...(roles.before ? { before: { role: roles.before } } : {}),
    ...(roles.after ? { after: { role: roles.after } } : {}),
    at: new Date(at),
  });
}

/** The shop's security notice about its team (always e-mailed to the account holder). */
function teamNotice(caller: VendorCaller, change: 'invited' | 'joined' | 'role_changed' | 'removed', m: Pick<MemberRecord, 'email' | 'role' | 'memberId'>, at: string, previousRole?: MemberRole): TransactItem[] {
  return notificationWrites({
    vendorId: caller.vendor.vendorId,
    type: 'team_member_changed',
    subject: `${m.memberId}.${change}.${at}`,
    params: { change, memberEmail: m.email, role: m.role, ...(previousRole ? { previousRole } : {}), by: caller.email || caller.vendor.email },
    createdAt: at,
  });
}

/**
 * The invitation e-mails' rate windows (issue 24, item 5; the support cases' sliding window,
 * lambdas/shared/rate-window.ts): the shop's hourly and the address's daily, the address as a hash.
 */
function invitationWindows(vendorId: string, email: string): RateWindow[] {
  const table = tableName('idempotency');
  return [
    { table, key: { key: `INVITE_RATE#shop#${vendorId}` }, limit: INVITATIONS_PER_SHOP_PER_HOUR, windowMs: 3_600_000, ttlAttribute: 'expiresAt' },
    { table, key: { key: `INVITE_RATE#to#${tokenHash(normalizeEmail(email))}` }, limit: INVITATIONS_PER_ADDRESS_PER_DAY, windowMs: 86_400_000, ttlAttribute: 'expiresAt' },
  ];
}

/** Concurrent invitations of one shop retry on a window taken meanwhile (as support cases do). */
const INVITE_ATTEMPTS = 12;

/**
 * Invites an e-mail address with a role: the member record (only if no member or live invitation has
 * that address; a lapsed invitation is replaced), the invitation e-mail and the shop's notice — unless
 * the shop or the address had their share of invitation e-mails (429 `invitation_rate_limited`).
 * No token yet: the notifier makes it as it sends the e-mail, sets its SHA-256 on the record and puts
 * the token in the e-mail's link only (issue 24, item 5), so it is stored nowhere in plain text.
 */
export async function invite(caller: VendorCaller, body: InviteBody, now = new Date()): Promise<MemberView> {
  const vendorId = caller.vendor.vendorId;
  if (body.email === normalizeEmail(caller.vendor.email)) throw new ConflictError('This address is the account holder’s.', 'member_exists');
  const existing = await memberRecords(vendorId);
  const nowIso = now.toISOString();
  const live = existing.filter((m) => m.status === 'active' || (m.expiresAt ?? '') > nowIso);
  if (live.length >= TEAM_MAX_MEMBERS) throw new ConflictError(`A team has at most ${TEAM_MAX_MEMBERS} members and invitations.`, 'team_full');
  const memberId = memberIdFor(vendorId, body.email);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
  const record: MemberRecord = {
    vendorId,
    memberId,
    email: body.email,
    role: body.role,
    status: 'invited',
    holderUserId: caller.vendor.userId,
    invitedAt: nowIso,
    invitedBy: caller.email || caller.vendor.email,
    expiresAt,
    updatedAt: nowIso,
  };
  const language = caller.membershipRecord?.language ?? caller.vendor.language;
  for (let attempt = 1; ; attempt++) {
    const windows = await Promise.all(invitationWindows(vendorId, body.email).map((w) => readRateWindow(w, now)));
    const full = windows.filter(windowFull);
    if (full.length) {
      const minutes = Math.max(...full.map((w) => minutesUntilFree(w, now)));
      throw new TooManyRequestsError(`Too many invitation e-mails for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'invitation_rate_limited');
    }
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName('members'),
          Item: record,
          // A new address, or an invitation that lapsed unanswered.
          ConditionExpression: 'attribute_not_exists(memberId) OR (#status = :invited AND expiresAt < :now)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':invited': 'invited', ':now': nowIso },
        },
      },
      // The e-mail to the invitee (an inbox of its own: the invitee has none).
      notificationWrites({
        vendorId: `INVITE#${vendorId}#${memberId}`,
        type: 'team_invitation',
        subject: `${memberId}.${nowIso}`,
        params: { email: body.email, businessName: caller.vendor.vendorName, role: body.role, invitedBy: record.invitedBy, language, expiresAt },
        createdAt: nowIso,
      })[0]!,
      ...teamNotice(caller, 'invited', record, nowIso),
      teamActivity(caller, 'member.invited', record, nowIso, { after: body.role }),
    ];
    const firstWindow = items.length;
    items.push(...windows.map((w) => takeSlot(w, now)));
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
      return view(record);
    } catch (err) {
      if (cancelledBy(err, 0)) throw new ConflictError('This e-mail address is already in the team or invited.', 'member_exists');
      // Another invitation took a slot of a window meanwhile: read the windows again.
      if (windows.some((_, k) => cancelledBy(err, firstWindow + k)) && attempt < INVITE_ATTEMPTS) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 25 * attempt));
        continue;
      }
      throw err;
    }
  }
}

function holderFixed(): never {
  throw new ConflictError('The account holder is always an owner and cannot be changed or removed.', 'account_holder_fixed');
}

/**
 * Changes a member's role (member record and membership item together), conditional on the role the
 * owner saw and on the record's status: an invitation accepted meanwhile (its membership item written
 * with the old role) makes the change fail as `member_changed`, and acceptInvitation in turn holds
 * only while the record keeps the role it read — whichever lands second loses (issue 24, item 1).
 * The membership item is set to the new role whatever it held, so a change also mends an item that
 * went wrong before (see role-check.ts).
 */
export async function changeRole(caller: VendorCaller, memberId: string, body: RoleChangeBody, now = new Date()): Promise<MemberView> {
  if (memberId === HOLDER_MEMBER_ID) holderFixed();
  const vendorId = caller.vendor.vendorId;
  const member = await getMember(vendorId, memberId);
  if (!member) throw new NotFoundError('No such member in your team.', 'not_found');
  if (member.role !== body.expectedRole) throw new ConflictError('This member was changed meanwhile.', 'member_changed');
  if (member.role === body.role) return view(member);
  const at = now.toISOString();
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName('members'),
        Key: { vendorId, memberId },
        UpdateExpression: 'SET #role = :role, updatedAt = :at',
        ConditionExpression: '#role = :expected AND #status = :status',
        ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
        ExpressionAttributeValues: { ':role': body.role, ':expected': body.expectedRole, ':status': member.status, ':at': at },
      },
    },
  ];
  if (member.status === 'active' && member.userId) {
    items.push({
      Update: {
        TableName: tableName('vendors'),
        Key: { userId: member.userId },
        UpdateExpression: 'SET membership.#role = :role, updatedAt = :at',
        ConditionExpression: 'membership.memberId = :memberId AND membership.vendorId = :vendorId',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': body.role, ':memberId': memberId, ':vendorId': vendorId, ':at': at },
      },
    });
  }
  items.push(...teamNotice(caller, 'role_changed', { ...member, role: body.role }, at, member.role));
  items.push(teamActivity(caller, 'member.role_changed', member, at, { before: member.role, after: body.role }));
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (cancelledBy(err, 0) || cancelledBy(err, 1)) throw new ConflictError('This member was changed meanwhile.', 'member_changed');
    throw err;
  }
  return view({ ...member, role: body.role, updatedAt: at });
}

/**
 * Removes a member or withdraws an invitation. A member's sessions end first (Cognito's global
 * sign-out revokes their refresh tokens), then one transaction deletes the member record and marks
 * the membership item ended, so the API refuses the ID tokens they still hold from that moment.
 * If the transaction fails after the sign-out, the member only has to sign in again: nothing is lost.
 */
export async function removeMember(caller: VendorCaller, memberId: string, now = new Date()): Promise<void> {
  if (memberId === HOLDER_MEMBER_ID) holderFixed();
  const vendorId = caller.vendor.vendorId;
  const member = await getMember(vendorId, memberId);
  if (!member) throw new NotFoundError('No such member in your team.', 'not_found');
  if (member.userId && member.userId === caller.userId) throw new ConflictError('You cannot remove yourself; ask another owner.', 'member_changed');
  const at = now.toISOString();
  if (member.status === 'active') {
    try {
      await idp().send(new AdminUserGlobalSignOutCommand({ UserPoolId: env.userPoolId(), Username: member.email }));
    } catch (err) {
      if (!(err instanceof UserNotFoundException)) throw err;
    }
  }
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName('members'),
        Key: { vendorId, memberId },
        ConditionExpression: '#role = :role AND #status = :status',
        ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
        ExpressionAttributeValues: { ':role': member.role, ':status': member.status },
      },
    },
  ];
  if (member.status === 'active' && member.userId) {
    items.push({
      Update: {
        TableName: tableName('vendors'),
        Key: { userId: member.userId },
        UpdateExpression: 'REMOVE membership SET membershipEnded = :ended, updatedAt = :at',
        ConditionExpression: 'membership.memberId = :memberId AND membership.vendorId = :vendorId',
        ExpressionAttributeValues: { ':ended': { vendorName: caller.vendor.vendorName, at }, ':memberId': memberId, ':vendorId': vendorId, ':at': at },
      },
    });
  }
  items.push(...teamNotice(caller, 'removed', member, at));
  items.push(teamActivity(caller, 'member.removed', member, at, { before: member.role }));
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (cancelledBy(err, 0) || cancelledBy(err, 1)) throw new ConflictError('This member was changed meanwhile.', 'member_changed');
    throw err;
  }
}

async function openInvitation(token: string, now: Date): Promise<MemberRecord> {
  const out = await dynamo.send(
    new QueryCommand({ TableName: tableName('members'), IndexName: 'byInviteToken', KeyConditionExpression: 'inviteTokenHash = :h', ExpressionAttributeValues: { ':h': tokenHash(token) }, Limit: 1 }),
  );
  const hit = out.Items?.[0] as MemberRecord | undefined;
  // The index is eventually consistent: the record itself decides.
  const member = hit ? await getMember(hit.vendorId, hit.memberId) : null;
  if (!member || member.status !== 'invited' || member.inviteTokenHash !== tokenHash(token) || (member.expiresAt ?? '') <= now.toISOString()) {
    throw new NotFoundError('This invitation is no longer valid.', 'invitation_invalid');
  }
  return member;
}

function mustBeInvitee(caller: Caller, member: MemberRecord): void {
  if (normalizeEmail(caller.email) !== member.email) {
    throw new ForbiddenError('This invitation was sent to another e-mail address.', 'invitation_email_mismatch');
  }
}

/** What the signed-in invitee is invited to (the link's token), before accepting. */
export async function describeInvitation(caller: Caller, token: string, now = new Date()): Promise<InvitationAnswer> {
  const member = await openInvitation(token, now);
  mustBeInvitee(caller, member);
  const shop = await getVendorByUserId(member.holderUserId);
  if (!shop || shop.vendorId !== member.vendorId) throw new NotFoundError('This invitation is no longer valid.', 'invitation_invalid');
  return { vendorName: shop.vendorName, role: member.role, email: member.email, invitedBy: member.invitedBy, expiresAt: member.expiresAt ?? '' };
}

/** Reads of an invitation an acceptance makes when the owner keeps changing it meanwhile. */
const ACCEPT_ATTEMPTS = 3;

/**
 * Accepts an invitation as the signed-in user, whose verified e-mail must be the invited one: the
 * member record becomes active with their user id, and their item in `vendors` becomes the
 * membership — replacing an application they made on signing up (pending or rejected, never an
 * approved vendor's record: a user belongs to one shop). One transaction, with the shop's notice.
 *
 * The membership item carries the role the member record had when read, so the transaction holds
 * only while the record still has that role (issue 24, item 1): an owner changing the invitation's
 * role meanwhile makes it fail, and the acceptance reads the invitation again and joins with the new
 * role. Without that condition the member kept the old role's rights while the team page showed the
 * new one.
 */
export async function acceptInvitation(caller: Caller, token: string, now = new Date()): Promise<{ vendorName: string; role: MemberRole }> {
  for (let attempt = 1; ; attempt++) {
    const member = await openInvitation(token, now);
    mustBeInvitee(caller, member);
    const shop = await getVendorByUserId(member.holderUserId);
    if (!shop || shop.vendorId !== member.vendorId || shop.status !== 'approved') throw new NotFoundError('This invitation is no longer valid.', 'invitation_invalid');
    const own = await getUserRecord(caller.userId);
    if (own && !isMembershipRecord(own) && own.status === 'approved') throw new ConflictError('This account already belongs to a shop.', 'already_in_shop');
    if (own && isMembershipRecord(own) && own.membership) throw new ConflictError('This account already belongs to a shop.', 'already_in_shop');
    const at = now.toISOString();
    const membership: MembershipRecord = {
      userId: caller.userId,
      email: member.email,
      membership: { holderUserId: member.holderUserId, vendorId: member.vendorId, memberId: member.memberId, role: member.role },
      ...(own?.language ? { language: own.language } : {}),
      createdAt: own?.createdAt ?? at,
      updatedAt: at,
    };
    const holderCaller = { ...caller, email: member.email, vendor: { ...shop, status: 'approved', vendorId: member.vendorId } } as VendorCaller;
    try {
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName('members'),
                Key: { vendorId: member.vendorId, memberId: member.memberId },
                UpdateExpression: 'SET #status = :active, userId = :userId, joinedAt = :at, updatedAt = :at REMOVE inviteTokenHash, expiresAt',
                // Still open, still this token, and still the role the membership item is given.
                ConditionExpression: '#status = :invited AND inviteTokenHash = :h AND #role = :role',
                ExpressionAttributeNames: { '#status': 'status', '#role': 'role' },
                ExpressionAttributeValues: { ':active': 'active', ':invited': 'invited', ':userId': caller.userId, ':at': at, ':h': member.inviteTokenHash, ':role': member.role },
              },
            },
            {
              // Whatever the user's item is now — none, an application, an ended membership — it is
              // replaced, unless it became a vendor's or a membership meanwhile.
              Put: {
                TableName: tableName('vendors'),
                Item: membership,
                ConditionExpression: 'attribute_not_exists(userId) OR ((attribute_not_exists(vendorId) OR #status <> :approved) AND attribute_not_exists(membership))',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':approved': 'approved' },
              },
            },
            ...teamNotice(holderCaller, 'joined', member, at),
            teamActivity(holderCaller, 'member.joined', member, at, { after: member.role }),
          ],
        }),
      );
      return { vendorName: shop.vendorName, role: member.role };
    } catch (err) {
      // The invitation changed since it was read (its role, or it was withdrawn or accepted): read
      // it again; openInvitation says whether it is still open.
      if (cancelledBy(err, 0) && attempt < ACCEPT_ATTEMPTS) continue;
      if (cancelledBy(err, 0)) throw new ConflictError('This invitation was changed meanwhile. Please try again.', 'member_changed');
      if (cancelledBy(err, 1)) throw new ConflictError('This account already belongs to a shop.', 'already_in_shop');
      throw err;
    }
  }
}

