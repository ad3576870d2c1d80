/**
 * GET /api/payouts/{payoutId}/statement.csv: a payout's statement — the counted orders of its period
 * (gross, commission, net), their totals, and the payout (fee, paid to you). Streamed page by page
 * like the orders export, with the same CSV rules (lambdas/orders/csv.ts).
 */
import { NotFoundError } from '../shared/errors';
import { route } from '../shared/http';
import { streamApiHandler } from '../shared/streaming';
import { isCounted } from '../sales/model';
import { BOM, csvRow } from '../orders/csv';
import { periodOrderPages, type StatementOrder } from './history';
import type { PayoutItem } from './model';
import { parsePayoutId } from './confirm';
import { getPayout } from './store';

export const STATEMENT_PAGE_SIZE = 200;
export const STATEMENT_COLUMNS = ['Order number', 'Placed at (UTC)', 'Status', 'Gross (USD)', 'Commission (USD)', 'Fee (USD)', 'Net (USD)'] as const;

export async function* statementChunks(payout: PayoutItem, first: IteratorResult<StatementOrder[]>, pages: AsyncIterator<StatementOrder[]>): AsyncGenerator<string> {
  const sum = { gross: 0, commission: 0, net: 0 };
  const rows = (orders: StatementOrder[]) =>
    orders
      .filter((o) => isCounted(o.status))
      .map((o) => {
        sum.gross += o.totalCents;
        sum.commission += o.commissionCents;
        sum.net += o.netCents;
        return csvRow([o.orderNumber, o.placedAt, o.status, { cents: o.totalCents }, { cents: o.commissionCents }, '', { cents: o.netCents }]);
      })
      .join('');
  yield BOM + csvRow(STATEMENT_COLUMNS) + (first.done ? '' : rows(first.value));
  if (!first.done) for (let next = await pages.next(); !next.done; next = await pages.next()) yield rows(next.value);
  yield csvRow([`Orders ${payout.periodFrom} to ${payout.periodTo}`, '', '', { cents: sum.gross }, { cents: sum.commission }, '', { cents: sum.net }]) +
    csvRow([`Payout ${payout.payoutId} from balance`, payout.createdAt, payout.status, '', '', '', { cents: payout.amountCents }]) +
    csvRow(['Transfer fee', '', '', '', '', { cents: -payout.feeCents }, { cents: -payout.feeCents }]) +
    csvRow(['Paid to you', '', '', '', '', '', { cents: payout.paidCents }]);
}

export const handler = streamApiHandler('payoutStatement', {
  'GET /api/payouts/{payoutId}/statement.csv': route({
    access: 'vendor',
    async handler({ caller, params }) {
      const vendorId = caller.vendor.vendorId;
      const ids = parsePayoutId(params.payoutId ?? '');
      const payout = ids && ids.vendorId === vendorId ? await getPayout(vendorId, ids.periodId) : null;
      if (!payout) throw new NotFoundError('No such payout.', 'payout_not_found');
      const pages = periodOrderPages(vendorId, payout.periodFrom, payout.periodTo, STATEMENT_PAGE_SIZE);
      const first = await pages.next();
      return {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="statement-${payout.payoutId}.csv"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: statementChunks(payout, first, pages),
      };
    },
  }),
});
