/**
 * The notifier: the notifications table's stream (INSERTs of `N#` inbox items; lib/vendor-email.ts
 * filters) → one e-mail per event through SES v2, in the vendor's saved language.
 *
 *   - the recipient: the vendor record (by vendor id, or by user id for an applicant);
 *   - the vendor's e-mail preferences (STATE item; defaults from contracts/notifications.ts): a
 *     category turned off sends nothing (the inbox item stays); `security` notices always go;
 *   - suppressed addresses (bounced / complained, feedback-handler.ts) get nothing;
 *   - idempotent per event: a claim `EMAIL#<vendorId>#<eventId>` in the idempotency table is put
 *     before sending (only if absent, or left by an attempt that is over) and marked sent after.
 *     A retried or replayed event finds `sent` and sends nothing. SES failing releases the claim and
 *     the record fails (retried, then the on-failure destination). At least once: only a crash
 *     between SES accepting and the mark can send a second copy (docs/decisions.md).
 *   - never faster than the account's SES send rate (issue 23, send-rate.ts): after its claim a send
 *     waits for a slot (this container's pacer, then the shared per-second window); no slot before
 *     the invocation's deadline, or SES throttling this batch, releases the claim and fails the
 *     record before sending (retried by Lambda, nothing lost, nothing sent twice).
 *   - a team invitation's token is made here, as its e-mail is sent (issueInvitationToken): the
 *     outbox item holds none (issue 24, item 5).
 */
import { createHash, randomBytes } from 'node:crypto';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ConditionalCheckFailedException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { DEFAULT_EMAIL_PREFERENCES, notificationCategory, notificationParams, NOTIFICATION_TYPES, OPTIONAL_CATEGORIES, type OptionalCategory } from '../../contracts/notifications';
import { dynamo } from '../shared/clients';
import { normalizeEmail } from '../../contracts/email';
import { oneLine } from '../../contracts/typed-text';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import { tableName } from '../shared/tables';
import { LANGUAGES, type Language, type VendorRecord } from '../shared/vendors';
import { NOTIFIER_TIMEOUT_SECONDS } from './functions';
import { INBOX_PREFIX, STATE_SK, type InboxItem, type StateItem } from './model';
import { invitationPath } from './record';
import { ses } from './ses';
import { isSesThrottle, SendDeferred, sendGate, SendPacer, type SendGate } from './send-rate';
import { renderEmail } from './templates/render';

export type NotifyOutcome = 'sent' | 'duplicate' | 'preference_off' | 'suppressed' | 'no_recipient' | 'not_an_inbox_item' | 'invitation_closed';

/** Claims are kept a week (the stream keeps records a day), then DynamoDB's TTL deletes them. */
const CLAIM_TTL_SECONDS = 7 * 86_400;
const RECIPIENT_LOOKUPS = 3;

export const emailClaimKey = (item: Pick<InboxItem, 'vendorId' | 'id'>): string => `EMAIL#${item.vendorId}#${item.id}`;

async function lookUpRecipient(vendorId: string): Promise<VendorRecord | null> {
  if (/^V-\d+$/.test(vendorId)) {
    const out = await dynamo.send(
      new QueryCommand({ TableName: tableName('vendors'), IndexName: 'byVendorId', KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, Limit: 1 }),
    );
    return (out.Items?.[0] as VendorRecord | undefined) ?? null;
  }
  const out = await dynamo.send(new GetCommand({ TableName: tableName('vendors'), Key: { userId: vendorId } }));
  return (out.Item as VendorRecord | undefined) ?? null;
}

/**
 * The vendor record of an inbox (vendor id through `byVendorId`, an applicant's user id through the
 * key). The index is eventually consistent and an approval writes the vendor id in the same
 * transaction as its notification, so a miss is looked up again a few times before giving up.
 */
async function recipientOf(vendorId: string): Promise<VendorRecord | null> {
  for (let attempt = 0; ; attempt++) {
    const vendor = await lookUpRecipient(vendorId);
    if (vendor || attempt >= RECIPIENT_LOOKUPS - 1) return vendor;
    await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
}

/** Whether the vendor wants e-mail for this category (security: always). */
export async function wantsEmail(vendorId: string, category: InboxItem['category']): Promise<boolean> {
  if (!(OPTIONAL_CATEGORIES as readonly string[]).includes(category)) return true;
  const out = await dynamo.send(new GetCommand({ TableName: tableName('notifications'), Key: { vendorId, sk: STATE_SK }, ConsistentRead: true }));
  const prefs = (out.Item as StateItem | undefined)?.emailPreferences ?? {};
  return prefs[category as OptionalCategory] ?? DEFAULT_EMAIL_PREFERENCES[category as OptionalCategory];
}

async function isSuppressed(email: string): Promise<boolean> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('emailSuppressions'), Key: { email: normalizeEmail(email) } }));
  return !!out.Item;
}

/** Takes the event's e-mail: true when this attempt may send; false when it was sent already. */
async function claim(key: string, now: Date): Promise<{ claimedAt: string } | 'sent'> {
  const claimedAt = now.toISOString();
  const stale = new Date(now.getTime() - NOTIFIER_TIMEOUT_SECONDS * 1000).toISOString();
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('idempotency'),
        Item: { key, status: 'sending', claimedAt, expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_TTL_SECONDS },
        // Absent, or left `sending` by an attempt that is over (timed out before marking).
        ConditionExpression: 'attribute_not_exists(#key) OR (#status = :sending AND claimedAt < :stale)',
        ExpressionAttributeNames: { '#key': 'key', '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':stale': stale },
      }),
    );
    return { claimedAt };
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    const current = await dynamo.send(new GetCommand({ TableName: tableName('idempotency'), Key: { key }, ConsistentRead: true }));
    if (current.Item?.status === 'sent') return 'sent';
    // Another attempt is sending right now: fail this record, its retry will find `sent`.
    throw new Error(`E-mail ${key} is being sent by another attempt`);
  }
}

async function release(key: string, claimedAt: string): Promise<void> {
  await dynamo
    .send(
      new DeleteCommand({
        TableName: tableName('idempotency'),
        Key: { key },
        ConditionExpression: '#status = :sending AND claimedAt = :mine',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':mine': claimedAt },
      }),
    )
    .catch((err: unknown) => logger.warn('could not release an e-mail claim', { key, error: err as Error }));
}

async function markSent(key: string, messageId: string | undefined, at: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName('idempotency'),
      Key: { key },
      UpdateExpression: 'SET #status = :sent, sentAt = :at, messageId = :id',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':at': at, ':id': messageId ?? 'unknown' },
    }),
  );
}

/**
 * The recipient of a team invitation (issue 14): the invited address, who has no vendor record yet,
 * addressed in the inviting owner's language with the shop's name.
 */
function invitee(item: InboxItem): Pick<VendorRecord, 'email' | 'language' | 'vendorName'> | null {
  const params = notificationParams.team_invitation.safeParse(item.params);
  return params.success ? { email: params.data.email, language: params.data.language, vendorName: params.data.businessName } : null;
}

/**
 * The token of a team invitation's e-mail (issue 24, item 5), made as it is sent: 32 random bytes,
 * whose SHA-256 is set on the invitation — only while it is still this open invitation (its
 * `invitedAt` is the item's time) — and which goes nowhere but the e-mail's link. Each attempt makes
 * a new one, so a retried send leaves only the link it sends valid. Null when the invitation is no
 * longer open (withdrawn, accepted, lapsed or invited again): nothing is sent.
 */
async function issueInvitationToken(item: InboxItem, now: Date): Promise<string | null> {
  const [, vendorId, memberId] = item.vendorId.split('#');
  if (!vendorId || !memberId) return null;
  const token = randomBytes(32).toString('base64url');
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('members'),
        Key: { vendorId, memberId },
        UpdateExpression: 'SET inviteTokenHash = :h',
        ConditionExpression: '#status = :invited AND invitedAt = :invitedAt AND expiresAt > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':h': createHash('sha256').update(token).digest('hex'), ':invited': 'invited', ':invitedAt': item.createdAt, ':now': now.toISOString() },
      }),
    );
    return token;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return null;
    throw err;
  }
}

const languageOf = (vendor: Pick<VendorRecord, 'language'>): Language => ((LANGUAGES as readonly string[]).includes(vendor.language) ? (vendor.language as Language) : 'en');

/** E-mails one inbox item (at most once per event, see the header); `gate` admits the send to SES (the handler's, paced). */
export async function notify(item: InboxItem, now: () => Date = () => new Date(), gate?: SendGate): Promise<NotifyOutcome> {
  if (!item.sk?.startsWith(INBOX_PREFIX) || !(NOTIFICATION_TYPES as string[]).includes(item.type)) return 'not_an_inbox_item';
  const category = notificationCategory[item.type];
  const vendor = item.type === 'team_invitation' ? invitee(item) : await recipientOf(item.vendorId);
  if (!vendor?.email) {
    logger.warn('notification without a recipient', { vendorId: item.vendorId, eventId: item.id });
    return 'no_recipient';
  }
  if (!(await wantsEmail(item.vendorId, category))) return 'preference_off';
  if (await isSuppressed(vendor.email)) {
    logger.info('notification e-mail suppressed (bounce or complaint)', { vendorId: item.vendorId, eventId: item.id });
    return 'suppressed';
  }
  const key = emailClaimKey(item);
  const claimed = await claim(key, now());
  if (claimed === 'sent') return 'duplicate';

  const portalUrl = env.portalUrl().replace(/\/+$/, '');
  const language = languageOf(vendor);
  let messageId: string | undefined;
  try {
    let link = item.link;
    if (item.type === 'team_invitation') {
      const token = await issueInvitationToken(item, now());
      if (!token) {
        await release(key, claimed.claimedAt);
        logger.info('invitation no longer open: no e-mail', { vendorId: item.vendorId, eventId: item.id });
        return 'invitation_closed';
      }
      link = invitationPath(token, String(item.params.businessName));
    }
    await gate?.admit();
    const email = renderEmail(item.type, item.params, language, {
      vendorName: vendor.vendorName,
      portalUrl,
      url: `${portalUrl}${link}`,
      signInUrl: `${portalUrl}/`,
      supportEmail: env.supportEmail(),
    });
    const out = await ses().send(
      new SendEmailCommand({
        FromEmailAddress: env.notificationSender(),
        Destination: { ToAddresses: [vendor.email] },
        ConfigurationSetName: env.sesConfigurationSet(),
        Content: {
          Simple: {
            // One line whatever a stored name holds (issue 24): the names are refused at the boundary, this is the last guard.
            Subject: { Data: oneLine(email.subject), Charset: 'UTF-8' },
            Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
          },
        },
        EmailTags: [
          { Name: 'type', Value: item.type },
          { Name: 'category', Value: category },
        ],
      }),
    );
    messageId = out.MessageId;
  } catch (err) {
    await release(key, claimed.claimedAt);
    if (gate && isSesThrottle(err)) {
      gate.throttled();
      logger.warn('SES throttled the notifier: the rest of this batch is retried', { vendorId: item.vendorId, eventId: item.id, error: err as Error });
    }
    throw err;
  }
  await markSent(key, messageId, now().toISOString());
  logger.info('notification e-mailed', { vendorId: item.vendorId, eventId: item.id, type: item.type, language });
  return 'sent';
}

/** The inbox item of a stream record (its new image). */
export function itemOfRecord(record: DynamoDBRecord): InboxItem | null {
  const image = record.dynamodb?.NewImage;
  if (!image) return null;
  return unmarshall(image as Record<string, AttributeValue>) as InboxItem;
}

async function notifyRecord(record: DynamoDBRecord, gate: SendGate): Promise<NotifyOutcome> {
  const item = itemOfRecord(record);
  if (!item) return 'not_an_inbox_item';
  try {
    return await notify(item, undefined, gate);
  } catch (err) {
    if (err instanceof SendDeferred) {
      logger.info('notification e-mail deferred to the retry of its batch', { vendorId: item.vendorId, eventId: item.id, reason: err.message });
      throw err;
    }
    // The alarm counts errors of the function; this line says which event.
    logger.error('notification e-mail failed', { vendorId: item.vendorId, eventId: item.id, sequenceNumber: record.dynamodb?.SequenceNumber, error: err as Error });
    throw err;
  }
}

/** What an admitted send may still need: SES's answer (its SDK retries included) and the mark. */
const SEND_MARGIN_MS = 8_000;

let pacer: SendPacer | undefined;
/** This container's pacer (its invocations run one at a time); a new one if the rate changed. */
function containerPacer(rate: number): SendPacer {
  if (pacer?.ratePerSecond !== rate) pacer = new SendPacer(rate);
  return pacer;
}

/**
 * Stream handler with partial-batch failures (Powertools batch; the event source sets
 * `reportBatchItemFailures`): Lambda retries from the first failed record (records before it are
 * done; those after it that succeeded find their claims `sent`), and after the event source's
 * retries sends the batch's description to the on-failure destination (the DLQ).
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  const rate = env.sesMaxSendRate();
  const gate = sendGate({
    pacer: containerPacer(rate),
    rate,
    // Time left for the SES call and the mark after the last admitted send.
    ...(context ? { deadline: Date.now() + context.getRemainingTimeInMillis() - SEND_MARGIN_MS } : {}),
  });
  return processPartialResponse(event, (record: DynamoDBRecord) => notifyRecord(record, gate), processor, {
    processInParallel: true,
    throwOnFullBatchFailure: false,
    ...(context ? { context } : {}),
  });
}
