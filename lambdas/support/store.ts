import { randomBytes } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { TooManyRequestsError } from '../shared/errors';
import type { Reply } from '../shared/http';
import { recordItem, replayOf, type Idempotent } from '../shared/idempotency';
import { minutesUntilFree, readRateWindow, takeSlot, windowFull } from '../shared/rate-window';
import { tableName } from '../shared/tables';
import { notificationWrites } from '../notifications/record';
import { SUPPORT_CASES_PER_HOUR, type SupportCategory } from '../../contracts/support/schema';

export interface SupportCase {
  vendorId: string;
  caseId: string;
  userId: string;
  email: string;
  category: SupportCategory;
  message: string;
  status: 'open';
  createdAt: string;
}

/** The per-vendor item that remembers the times of the last cases (sliding one-hour window, lambdas/shared/rate-window.ts). */
const RATE_KEY = '#rate';
const HOUR_MS = 3_600_000;

/** Time-ordered and readable on the phone: SC-20261121-051912-7F3A. */
export function newCaseId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `SC-${stamp}-${randomBytes(2).toString('hex').toUpperCase()}`;
}

/** The answer to `POST /api/support` for a stored case (also what an idempotent retry replays). */
export const supportCaseReply = (c: SupportCase) => ({ statusCode: 201, body: { caseId: c.caseId, status: c.status, createdAt: c.createdAt } });

/**
 * Stores a new open case unless the vendor already opened SUPPORT_CASES_PER_HOUR in the last hour.
 * The case and the updated window are written in one transaction guarded by the window's version,
 * so concurrent requests cannot slip past the limit and a refused case leaves nothing behind.
 * With `idempotent`, the answer's idempotency record is written in the same transaction; when an
 * earlier attempt of the same request recorded its answer meanwhile, that answer is returned
 * (`{ replay }`) and nothing is written.
 */
export async function openSupportCase(
  input: Omit<SupportCase, 'caseId' | 'status' | 'createdAt'>,
  now = new Date(),
  idempotent: Idempotent | null = null,
): Promise<SupportCase | { replay: Reply }> {
  const table = tableName('supportCases');
  for (let attempt = 0; attempt < 12; attempt += 1) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 5 + Math.random() * 25 * attempt));
    const rate = await readRateWindow({ table, key: { vendorId: input.vendorId, caseId: RATE_KEY }, limit: SUPPORT_CASES_PER_HOUR, windowMs: HOUR_MS }, now);
    if (windowFull(rate)) {
      const minutes = minutesUntilFree(rate, now);
      throw new TooManyRequestsError(
        `You can open at most ${SUPPORT_CASES_PER_HOUR} support cases an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        'support_rate_limited',
      );
    }
    const supportCase: SupportCase = { ...input, caseId: newCaseId(now), status: 'open', createdAt: now.toISOString() };
    try {
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            takeSlot(rate, now),
            { Put: { TableName: table, Item: supportCase, ConditionExpression: 'attribute_not_exists(caseId)' } },
            ...(idempotent ? [recordItem(idempotent, supportCaseReply(supportCase), now)] : []),
            // The vendor's copy of the case ("case received"), with the case.
            ...notificationWrites({
              vendorId: input.vendorId,
              type: 'support_case_received',
              subject: supportCase.caseId,
              params: { caseId: supportCase.caseId, category: supportCase.category, message: supportCase.message },
              createdAt: supportCase.createdAt,
            }),
          ],
        }),
      );
      return supportCase;
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      // The same request, sent again, got there first: its answer, not a second case.
      const replay = await replayOf(idempotent, now);
      if (replay) return { replay };
      // Another case of the same vendor won the race: read the window again.
    }
  }
  throw new TooManyRequestsError('Too many support requests at once. Please try again in a moment.', 'support_busy');
}
