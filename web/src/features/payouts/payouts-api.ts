import { ApiError, apiRequest } from '../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../lib/download';
import type { PayoutReconciliation } from '../../../../contracts/payouts';

/** GET/PUT /api/payout-method (docs/api.md): at most the last four digits of an account number. */
export interface PayoutMethodView {
  method: 'email' | 'bank' | null;
  holdDays: number;
  payoutAccountId?: string;
  destination?: string;
  holdUntil?: string | null;
  updatedAt?: string;
  email?: string;
  accountType?: 'business' | 'personal';
  country?: string;
  currency?: string;
  bankName?: string;
  accountHolderName?: string;
  accountNumberLast4?: string;
  swiftBic?: string;
}

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

export type PayoutStatus = 'pending' | 'paid' | 'failed';

export interface PayoutView {
  payoutId: string;
  periodId: string;
  periodFrom: string;
  periodTo: string;
  status: PayoutStatus;
  amountCents: number;
  feeCents: number;
  paidCents: number;
  method: 'email' | 'bank';
  destination: string;
  createdAt: string;
  failureReason?: string;
}

export interface PayoutsList {
  payouts: PayoutView[];
  balanceCents: number;
  minimumPayoutCents: number;
  feeCents: number;
  nextPayoutDate: string;
  timeZone: string;
}

export interface PayoutProductView {
  sku: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  amountCents: number;
}


export type { PayoutReconciliation };

export interface PayoutDetails extends PayoutView {
  sales: { orders: number; totalCents: number; commissionCents: number; netCents: number; products: PayoutProductView[] };
  reconciliation: PayoutReconciliation;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

const isPayout = (p: unknown): boolean =>
  isRecord(p) &&
  isStr(p.payoutId) &&
  isStr(p.periodFrom) &&
  isStr(p.periodTo) &&
  (p.status === 'pending' || p.status === 'paid' || p.status === 'failed') &&
  isInt(p.amountCents) &&
  isInt(p.feeCents) &&
  isInt(p.paidCents) &&
  isStr(p.createdAt);

function invalid(path: string): ApiError {
  return new ApiError(200, 'invalid_response', `${path} answered an unexpected shape.`);
}

export function parsePayoutMethod(data: unknown): PayoutMethodView {
  if (!isRecord(data) || !(data.method === null || data.method === 'email' || data.method === 'bank') || !isInt(data.holdDays)) throw invalid('GET /api/payout-method');
  return data as unknown as PayoutMethodView;
}

export function parsePayouts(data: unknown): PayoutsList {
  const ok =
    isRecord(data) &&
    Array.isArray(data.payouts) &&
    data.payouts.every(isPayout) &&
    isInt(data.balanceCents) &&
    isInt(data.minimumPayoutCents) &&
    isInt(data.feeCents) &&
    isStr(data.nextPayoutDate) &&
    isStr(data.timeZone);
  if (!ok) throw invalid('GET /api/payouts');
  return data as unknown as PayoutsList;
}

const RECONCILIATION_AMOUNTS = ['grossSalesCents', 'commissionCents', 'adjustmentsCents', 'carriedOverCents', 'amountCents', 'feeCents', 'paidCents'] as const;

export function parsePayoutDetails(data: unknown): PayoutDetails {
  const sales = isRecord(data) ? data.sales : undefined;
  const reconciliation = isRecord(data) ? data.reconciliation : undefined;
  const ok =
    isPayout(data) &&
    isRecord(reconciliation) &&
    RECONCILIATION_AMOUNTS.every((k) => isInt(reconciliation[k])) &&
    isRecord(sales) &&
    isInt(sales.totalCents) &&
    isInt(sales.commissionCents) &&
    isInt(sales.netCents) &&
    Array.isArray(sales.products) &&
    sales.products.every((p) => isRecord(p) && isStr(p.name) && isInt(p.quantity) && isInt(p.unitPriceCents) && isInt(p.amountCents));
  if (!ok) throw invalid('GET /api/payouts/{payoutId}');
  return data as unknown as PayoutDetails;
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
