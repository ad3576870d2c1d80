import {
  payoutDetailsSchema,
  payoutMethodViewSchema,
  payoutsListSchema,
  type PayoutDetails,
  type PayoutMethodView,
  type PayoutProductView,
  type PayoutReconciliation,
  type PayoutsList,
  type PayoutStatus,
  type PayoutView,
} from '../../../../contracts/payouts';
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

/** The answers are checked with their schemas (contracts/payouts.ts) before a page shows them. */
export function parsePayoutMethod(data: unknown): PayoutMethodView {
  return parseAnswer(payoutMethodViewSchema, data, 'GET /api/payout-method');
}

export function parsePayouts(data: unknown): PayoutsList {
  return parseAnswer(payoutsListSchema, data, 'GET /api/payouts');
}

export function parsePayoutDetails(data: unknown): PayoutDetails {
  return parseAnswer(payoutDetailsSchema, data, 'GET /api/payouts/{payoutId}');
}

export async function getPayoutMethod(signal?: AbortSignal): Promise<PayoutMethodView> {
  return parsePayoutMethod(await apiRequest<unknown>('/api/payout-method', { signal }));
}

export async function putPayoutMethod(input: PayoutMethodInput): Promise<PayoutMethodView> {
  return parsePayoutMethod(await apiRequest<unknown>('/api/payout-method', { method: 'PUT', body: input }));
}

/** The vendor's payouts, newest first; `period` is a month `yyyy-mm` or undefined for all periods. */
export async function getPayouts(period: string | undefined, signal?: AbortSignal): Promise<PayoutsList> {
  const query = period ? `?period=${encodeURIComponent(period)}` : '';
  return parsePayouts(await apiRequest<unknown>(`/api/payouts${query}`, { signal }));
}

export async function getPayoutDetails(payoutId: string, signal?: AbortSignal): Promise<PayoutDetails> {
  return parsePayoutDetails(await apiRequest<unknown>(`/api/payouts/${encodeURIComponent(payoutId)}`, { signal }));
}

/** The payout's statement CSV, fetched with the ID token and saved under the server's file name. */
export function downloadStatement(payoutId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadApiFile(`/api/payouts/${encodeURIComponent(payoutId)}/statement.csv`, { fallbackName: `statement-${payoutId}.csv`, signal });
}
