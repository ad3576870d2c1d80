import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as LibDynamoDb from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Tables from '../../lambdas/shared/tables';
import type * as Worker from '../../lambdas/payouts/worker-handler';
import type { PayoutMessage } from '../../lambdas/payouts/settlement';
import type * as Run from '../../lambdas/payouts/run';
import type * as Provider from '../../lambdas/payouts/provider';
import { LEGACY_PAYABLE_VALUE, payableValue, type PayoutItem } from '../../lambdas/payouts/model';
import { MINIMUM_PAYOUT_CENTS } from '../../lambdas/shared/money';
import { startFakePayoutProvider, type FakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { useTestStackEnv } from '../support/auth';

/**
 * Random histories of sales, cancellations, payout-method changes and runs (with duplicate
 * deliveries) against DynamoDB Local: at every step the balance equals the sum of the ledger
 * entries, no period is paid twice, nothing is paid below the minimum, no payout is negative.
 */

let dynamo: typeof SharedClients.dynamo;
let ddb: typeof LibDynamoDb;
let tableName: typeof Tables.tableName;
let worker: typeof Worker;
let run: typeof Run;
let fake: FakePayoutProvider;
let deps: Worker.WorkerDeps;

beforeAll(async () => {
  useTestStackEnv();
  fake = await startFakePayoutProvider();
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  ({ tableName } = await import('../../lambdas/shared/tables'));
  ddb = await import('@aws-sdk/lib-dynamodb');
  worker = await import('../../lambdas/payouts/worker-handler');
  run = await import('../../lambdas/payouts/run');
  const provider: typeof Provider = await import('../../lambdas/payouts/provider');
  deps = { providers: { email: provider.emailPayoutProvider(provider.envConfigSource({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey })) }, feeCents: 150 };
});

afterAll(async () => {
  await fake?.close();
});

type Step =
  | { kind: 'sale'; cents: number }
  | { kind: 'cancel'; cents: number }
  | { kind: 'method'; failing: boolean; held: boolean }
  | { kind: 'run'; deliveries: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), cents: fc.integer({ min: 1, max: 6_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), cents: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ kind: fc.constant('method' as const), failing: fc.boolean(), held: fc.boolean() }),
  fc.record({ kind: fc.constant('run' as const), deliveries: fc.integer({ min: 1, max: 3 }) }),
);

/**
 * A sale or a cancellation as the ingest books it: balance (+ payable) and an entry, in one transaction.
 * Every other booking marks the balance as the previous release's ingest did (`Y`, issue 23): during a
 * deploy both write, and the run must find the vendor either way.
 */
async function book(vendorId: string, amountCents: number, n: number) {
  const at = new Date().toISOString();
  await dynamo.send(
    new ddb.TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName('ledger'),
            Key: { vendorId, sk: 'BALANCE' },
            UpdateExpression: 'SET updatedAt = :now, payable = :payable ADD balanceCents :amount',
            ExpressionAttributeValues: { ':now': at, ':amount': amountCents, ':payable': n % 2 ? payableValue(vendorId) : LEGACY_PAYABLE_VALUE },
          },
        },
        { Put: { TableName: tableName('ledger'), Item: { vendorId, sk: `ENTRY#${at}#o${n}`, kind: amountCents > 0 ? 'sale' : 'reversal', amountCents, at } } },
      ],
    }),
  );
}

async function ledger(vendorId: string) {
  const out = await dynamo.send(
    new ddb.QueryCommand({ TableName: tableName('ledger'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ConsistentRead: true }),
  );
  const items = out.Items ?? [];
  return {
    balance: (items.find((i) => i.sk === 'BALANCE')?.balanceCents as number | undefined) ?? 0,
    entries: items.filter((i) => String(i.sk).startsWith('ENTRY#')).map((i) => i.amountCents as number),
    payouts: items.filter((i) => String(i.sk).startsWith('PAYOUT#')) as PayoutItem[],
  };
}

/** Run dates: the 15th and the last day of each month of 2027, in order. */
const RUN_DATES = Array.from({ length: 12 }, (_, m) => [`2027-${String(m + 1).padStart(2, '0')}-15`, `2027-${String(m + 1).padStart(2, '0')}-${new Date(Date.UTC(2027, m + 1, 0)).getUTCDate()}`]).flat();

describe('payouts over random histories (property)', () => {
  it('keep the balance equal to the entries, pay each period at most once, nothing below the minimum, never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const vendorId = `V-8${randomInt(10_000_000, 99_999_999)}`;
        let runs = 0;
        let version = 0;
        for (const [n, s] of steps.entries()) {
          if (s.kind === 'sale') await book(vendorId, s.cents, n);
          else if (s.kind === 'cancel') await book(vendorId, -s.cents, n);
          else if (s.kind === 'method') {
            version++;
            await dynamo.send(
              new ddb.PutCommand({
                TableName: tableName('payoutAccounts'),
                Item: {
                  vendorId,
                  payoutAccountId: `PA-${vendorId}-${version}`,
                  method: 'email',
                  email: `${s.failing ? 'fail' : 'ok'}.${version}@example.com`,
                  updatedAt: new Date().toISOString(),
                  ...(s.held ? { holdUntil: new Date(Date.now() + 86_400_000).toISOString() } : {}),
                },
              }),
            );
          } else {
            const date = RUN_DATES[runs++ % RUN_DATES.length]!;
            const messages: PayoutMessage[] = [];
            await run.runPayouts(date, async (batch) => void messages.push(...batch.filter((m) => m.vendorId === vendorId)));
            // Duplicate deliveries, some at the same time.
            await Promise.all(messages.flatMap((m) => Array.from({ length: s.deliveries }, () => worker.payVendor(m, deps))));
          }
          const l = await ledger(vendorId);
          expect(l.balance).toBe(l.entries.reduce((a, b) => a + b, 0));
          expect(new Set(l.payouts.map((p) => p.periodId)).size).toBe(l.payouts.length);
          for (const p of l.payouts) {
            expect(p.amountCents).toBeGreaterThanOrEqual(MINIMUM_PAYOUT_CENTS);
            expect(p.paidCents).toBeGreaterThanOrEqual(0);
            expect(p.paidCents + p.feeCents).toBe(p.amountCents);
            expect(p.status).not.toBe('pending');
            expect(fake.payments(p.payoutId)).toBe(p.status === 'paid' ? 1 : 0);
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});
