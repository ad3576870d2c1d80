import type { PayoutDetails, PayoutMethodView, PayoutProductView, PayoutReconciliation, PayoutsList, PayoutStatus, PayoutView } from '../../../../contracts/payouts';
import { apiRequest, parseAnswer } from '../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../lib/download';

export interface BankDetailsInput {
  accountType: 'business' | 'personal';
  country: string;
  currency: string;
  business: { phone: string; street: string; addressMore?: string; city: string; postalCode: string; country: string };
  bankName: string;
  accountHolderName: string;
  accountNumber: string;
  swiftBic: string;
  confirmed: boolean;
}

export type PayoutMethodInput = { method: 'email'; email: string } | ({ method: 'bank' } & BankDetailsInput);

export type { PayoutDetails, PayoutMethodView, PayoutProductView, PayoutReconciliation, PayoutsList, PayoutStatus, PayoutView };

/**
 * The answers are checked with their schemas (contracts/payouts.ts) before a page shows them; the
 * schemas, and zod with them, load with the first answer, in parallel with its request, so the
 * payouts page's first download carries no zod.
 */
const schemas = () => import('../../../../contracts/payouts');

async function payoutMethod(request: Promise<unknown>): Promise<PayoutMethodView> {
  const [{ payoutMethodViewSchema }, data] = await Promise.all([schemas(), request]);
  return parseAnswer(payoutMethodViewSchema, data, 'GET /api/payout-method');
}

export async function getPayoutMethod(signal?: AbortSignal): Promise<PayoutMethodView> {
  return payoutMethod(apiRequest<unknown>('/api/payout-method', { signal }));
}

export async function putPayoutMethod(input: PayoutMethodInput): Promise<PayoutMethodView> {
  return payoutMethod(apiRequest<unknown>('/api/payout-method', { method: 'PUT', body: input }));
}

/** The vendor's payouts, newest first; `period` is a month `yyyy-mm` or undefined for all periods. */
export async function getPayouts(period: string | undefined, signal?: AbortSignal): Promise<PayoutsList> {
  const query = period ? `?period=${encodeURIComponent(period)}` : '';
  const [{ payoutsListSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>(`/api/payouts${query}`, { signal })]);
  return parseAnswer(payoutsListSchema, data, 'GET /api/payouts');
}

export async function getPayoutDetails(payoutId: string, signal?: AbortSignal): Promise<PayoutDetails> {
  const [{ payoutDetailsSchema }, data] = await Promise.all([schemas(), apiRequest<unknown>(`/api/payouts/${encodeURIComponent(payoutId)}`, { signal })]);
  return parseAnswer(payoutDetailsSchema, data, 'GET /api/payouts/{payoutId}');
}

/** The payout's statement CSV, fetched with the ID token and saved under the server's file name. */
export function downloadStatement(payoutId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadApiFile(`/api/payouts/${encodeURIComponent(payoutId)}/statement.csv`, { fallbackName: `statement-${payoutId}.csv`, signal });
}
