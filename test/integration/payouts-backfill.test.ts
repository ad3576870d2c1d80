import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import { localTableName } from '../../contracts/tables';
import { LEGACY_PAYABLE_VALUE, payableValue } from '../../lambdas/payouts/model';
import { testStackPortsEnv, useTestStackEnv } from '../support/auth';

const run = promisify(execFile);
let dynamo: typeof SharedClients.dynamo;

async function backfillCli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ops/payouts-backfill.ts', '--profile', 'test', ...args], {
      env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Data as an older version of the portal wrote it: a balance without `payable`, a vendor record without the masked copy. */
async function legacyVendor() {
  const vendorId = `V-8${randomInt(10_000_000, 99_999_999)}`;
  const userId = randomUUID();
  const now = '2026-10-01T00:00:00.000Z';
  const put = (table: Parameters<typeof localTableName>[0], Item: Record<string, unknown>) => dynamo.send(new PutCommand({ TableName: localTableName(table), Item }));
  await put('vendors', { userId, vendorId, email: `${vendorId}@example.com`, status: 'approved', vendorName: 'Legacy Foods', language: 'en', payoutAccountId: `PA-${vendorId}`, createdAt: now, updatedAt: now });
  await put('payoutAccounts', { vendorId, payoutAccountId: `PA-${vendorId}`, method: 'bank', accountType: 'business', country: 'DE', currency: 'EUR', business: { phone: '1', street: 'S', city: 'C', postalCode: 'P', country: 'DE' }, bankName: 'Commerzbank', accountHolderName: 'Legacy GmbH', accountNumber: 'DE89370400440532013000', swiftBic: 'COBADEFFXXX', updatedAt: now });
  await put('ledger', { vendorId, sk: 'BALANCE', balanceCents: 7_500, updatedAt: now });
  return { vendorId, userId };
}

beforeAll(async () => {
  useTestStackEnv();
  ({ dynamo } = await import('../../lambdas/shared/clients'));
});

describe('payouts:backfill', () => {
  it('marks old balances payable and copies the masked payout method onto old vendor records, once', async () => {
    const v = await legacyVendor();
    const dry = await backfillCli('--dry-run');
    expect(dry).toMatchObject({ code: 0, out: expect.stringMatching(/would be marked payable/) });
    expect((await dynamo.send(new GetCommand({ TableName: localTableName('ledger'), Key: { vendorId: v.vendorId, sk: 'BALANCE' } }))).Item).not.toHaveProperty('payable');

    const first = await backfillCli();
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/✔ \d+ balance\(s\) were marked payable; \d+ balance\(s\) were moved to their payable shard; \d+ payout method\(s\) were copied/);
    const balance = await dynamo.send(new GetCommand({ TableName: localTableName('ledger'), Key: { vendorId: v.vendorId, sk: 'BALANCE' }, ConsistentRead: true }));
    expect(balance.Item).toMatchObject({ payable: payableValue(v.vendorId), balanceCents: 7_500 });
    const record = await dynamo.send(new GetCommand({ TableName: localTableName('vendors'), Key: { userId: v.userId }, ConsistentRead: true }));
    expect(record.Item!.payoutMethod).toMatchObject({ method: 'bank', payoutAccountId: `PA-${v.vendorId}`, accountNumberLast4: '3000', destination: '•••• 3000' });
    expect(JSON.stringify(record.Item)).not.toContain('0532013000');

    const { backfillPayouts } = await import('../../lambdas/payouts/backfill');
    expect(await backfillPayouts()).toMatchObject({ balancesMarked: 0, payoutMethodsCopied: 0 });
  });

  it('issue 23: moves balances marked with the single value of before (`Y`) to their write shard, once', async () => {
    const vendorId = `V-8${randomInt(10_000_000, 99_999_999)}`;
    const key = { vendorId, sk: 'BALANCE' };
    await dynamo.send(new PutCommand({ TableName: localTableName('ledger'), Item: { ...key, balanceCents: 6_000, updatedAt: '2026-10-01T00:00:00.000Z', payable: LEGACY_PAYABLE_VALUE } }));
    const { backfillPayouts } = await import('../../lambdas/payouts/backfill');
    expect((await backfillPayouts({ dryRun: true })).balancesResharded).toBeGreaterThanOrEqual(1);
    expect((await dynamo.send(new GetCommand({ TableName: localTableName('ledger'), Key: key, ConsistentRead: true }))).Item).toMatchObject({ payable: LEGACY_PAYABLE_VALUE });
    expect((await backfillPayouts()).balancesResharded).toBeGreaterThanOrEqual(1);
    expect((await dynamo.send(new GetCommand({ TableName: localTableName('ledger'), Key: key, ConsistentRead: true }))).Item).toMatchObject({ payable: payableValue(vendorId), balanceCents: 6_000 });
    // Again: nothing more to do for it (other tests' legacy balances may be moved meanwhile; this one stays).
    await backfillPayouts();
    expect((await dynamo.send(new GetCommand({ TableName: localTableName('ledger'), Key: key, ConsistentRead: true }))).Item).toMatchObject({ payable: payableValue(vendorId), balanceCents: 6_000 });
  });
});
