import { beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_CSV, type CsvOptions } from '../../../lambdas/orders/csv';
import type { PayoutItem } from '../../../lambdas/payouts/model';
import type { StatementEntry } from '../../../lambdas/payouts/reconcile';
import type * as Statement from '../../../lambdas/payouts/statement-handler';
import { entrySk } from '../../../lambdas/sales/model';
import { installLambdaStreamingShim } from '../../../scripts/local/api-server';
import { parseCsv } from '../orders/csv-parse';

let statementChunks: typeof Statement.statementChunks;
let STATEMENT_MACHINE_COLUMNS: typeof Statement.STATEMENT_MACHINE_COLUMNS;
beforeAll(async () => {
  // The module is a streaming handler: Lambda's awslambda global must exist before it loads.
  installLambdaStreamingShim();
  ({ statementChunks, STATEMENT_MACHINE_COLUMNS } = await import('../../../lambdas/payouts/statement-handler'));
});

const payout: PayoutItem = {
  vendorId: 'V-1',
  sk: 'PAYOUT#2026-11-2',
  payoutId: 'P-V-1-2026-11-2',
  periodId: '2026-11-2',
  periodFrom: '2026-11-16',
  periodTo: '2026-11-30',
  status: 'paid',
  amountCents: 156_748,
  feeCents: 100,
  paidCents: 156_648,
  method: 'email',
  destinationMasked: 'v***@example.com',
  payoutAccountId: 'PA-1',
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:01.000Z',
};
const e = (at: string, id: string, kind: StatementEntry['kind'], amountCents: number, extra: Partial<StatementEntry> = {}): StatementEntry => ({ sk: entrySk(at, id), kind, amountCents, at, ...extra });
// The window: two sales, a cancellation of an order paid in the first half, the payout's own entry.
const pages: StatementEntry[][] = [
  [
    e('2026-11-17T02:00:00.000Z', 'o2#1', 'sale', 86_897, { grossCents: 102_233, commissionCents: 15_336, orderNumber: 'GM-2' }),
    e('2026-11-18T02:00:00.000Z', 'o0#2', 'reversal', -4_250, { grossCents: -5_000, commissionCents: -750, orderNumber: 'GM-0' }),
  ],
  [
    e('2026-11-20T02:00:00.000Z', 'o3#1', 'sale', 4_250, { grossCents: 5_000, commissionCents: 750, orderNumber: 'GM-3' }),
    e(payout.createdAt, payout.payoutId, 'payout', -payout.amountCents, { payoutId: payout.payoutId }),
  ],
];

async function csv(opts: CsvOptions, status: PayoutItem['status'] = 'paid') {
  const it = (async function* () {
    for (const p of pages.slice(1)) yield p;
  })();
  let text = '';
  for await (const chunk of statementChunks({ ...payout, status }, { done: false, value: pages[0]! }, it, opts)) text += chunk;
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parseCsv(text.slice(1));
}
const cents = (cell: string | undefined) => Math.round(Number(cell) * 100);

describe('the payout statement CSV', () => {
  it('lists the window’s entries, then gross, commission, adjustments, carried over, fee and paid to you, whose Net cells add up', async () => {
    const rows = await csv({ format: 'vendor', language: 'en', timeZone: 'America/Los_Angeles' });
    expect(rows).toEqual([
      ['Line', 'Booked at (America/Los_Angeles)', 'Reference', 'Status', 'Gross (USD)', 'Commission (USD)', 'Net (USD)'],
      ['Sale', '2026-11-16T18:00:00-08:00', 'GM-2', '', '1022.33', '153.36', '868.97'],
      ['Cancellation', '2026-11-17T18:00:00-08:00', 'GM-0', '', '-50.00', '-7.50', '-42.50'],
      ['Sale', '2026-11-19T18:00:00-08:00', 'GM-3', '', '50.00', '7.50', '42.50'],
      ['Gross sales', '', '', '', '1072.33', '', '1072.33'],
      ['Commission', '', '', '', '', '160.86', '-160.86'],
      ['Cancellations and adjustments', '', '', '', '', '', '-42.50'],
      ['Carried over from earlier periods', '2026-11-16T00:00:00-08:00', '', '', '', '', '698.51'],
      ['Transfer fee', '', '', '', '', '', '-1.00'],
      ['Paid to you', '2026-11-30T02:00:00-08:00', 'P-V-1-2026-11-2', 'Paid', '', '', '1566.48'],
    ]);
    const summary = rows.slice(4, 9);
    expect(summary.reduce((s, r) => s + cents(r[6]), 0)).toBe(cents(rows[9]![6]));
    // The detail rows' Net cells are the period's gross − commission + adjustments.
    expect(rows.slice(1, 4).reduce((s, r) => s + cents(r[6]), 0)).toBe(cents(summary[0]![6]) + cents(summary[1]![6]) + cents(summary[2]![6]));
  });

  it('in Traditional Chinese for a zh-TW vendor, the payout’s status said as the portal says it', async () => {
    const rows = await csv({ format: 'vendor', language: 'zh-TW', timeZone: 'America/Los_Angeles' }, 'failed');
    expect(rows[0]).toEqual(['項目', '入帳時間（America/Los_Angeles）', '參考編號', '狀態', '銷售總額（USD）', '佣金（USD）', '淨額（USD）']);
    expect(rows.map((r) => r[0])).toEqual(['項目', '銷售', '取消訂單', '銷售', '銷售總額', '佣金', '取消與調整', '前期結轉餘額', '轉帳手續費', '實付金額']);
    expect(rows.at(-1)!.slice(2, 4)).toEqual(['P-V-1-2026-11-2', '失敗（已退回餘額）']);
  });

  it('?format=machine: fixed ids, entry kinds and ISO UTC times', async () => {
    const rows = await csv(MACHINE_CSV);
    expect(rows[0]).toEqual([...STATEMENT_MACHINE_COLUMNS]);
    expect(rows.map((r) => r[0])).toEqual(['line_type', 'sale', 'reversal', 'sale', 'gross_sales', 'commission', 'adjustments', 'carried_over', 'transfer_fee', 'paid_to_you']);
    expect(rows[1]!.slice(0, 3)).toEqual(['sale', '2026-11-17T02:00:00.000Z', 'GM-2']);
    expect(rows.at(-1)).toEqual(['paid_to_you', '2026-11-30T10:00:00.000Z', 'P-V-1-2026-11-2', 'paid', '', '', '1566.48']);
  });
});
