import type { BankBatch } from '@contracts/admin-payouts';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { saveBlob } from '../../../../lib/download';

/** `POST /api/admin/payouts/bank-batch`: the period's bank transfers as the bank's CSV (the download is audited). */
export async function getBankBatch(periodId: string, signal?: AbortSignal): Promise<BankBatch> {
  const [{ bankBatchSchema }, data] = await Promise.all([
    import('@contracts/admin-payouts'),
    apiRequest<unknown>('/api/admin/payouts/bank-batch', { method: 'POST', body: { periodId }, signal }),
  ]);
  return parseAnswer(bankBatchSchema, data, 'POST /api/admin/payouts/bank-batch');
}

/** Fetches the period's batch and saves it as a file (lib/download.ts); for lib/use-download.ts. */
export async function downloadBankBatch(periodId: string, signal: AbortSignal): Promise<{ periodId: string; rows: number }> {
  const file = await getBankBatch(periodId, signal);
  saveBlob(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }), file.fileName);
  return { periodId, rows: file.rows };
}
