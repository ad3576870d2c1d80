import type { AdminVendorStatus, VendorDetail, VendorsPage } from '../../../../../contracts/admin-vendors';
import type { MfaResetAnswer } from '../../../../../contracts/admin-mfa';
import { apiRequest, parseAnswer } from '../../../lib/api';

export type { AdminVendorStatus, VendorDetail, VendorsPage };

export const vendorsKeys = {
  all: ['admin', 'vendors'] as const,
  list: (q: string, status: string) => ['admin', 'vendors', 'list', q, status] as const,
  detail: (vendorId: string) => ['admin', 'vendors', 'detail', vendorId] as const,
};

/**
 * The answer and its contract's module together: the schemas (and classic zod with them, ~27 KB gzip)
 * load with the first answer, in parallel with the request, not with the section's chunk (issue 24).
 */
const withSchemas = <T>(request: Promise<T>) => Promise.all([import('../../../../../contracts/admin-vendors'), request]);

/** `GET /api/admin/vendors?q=&status=&cursor=` (docs/api.md). */
export async function getVendors(filter: { q: string; status: string }, cursor: string | undefined, signal?: AbortSignal): Promise<VendorsPage> {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  const [{ vendorsPageSchema }, data] = await withSchemas(apiRequest<unknown>(`/api/admin/vendors${query ? `?${query}` : ''}`, { signal }));
  return parseAnswer(vendorsPageSchema, data, 'GET /api/admin/vendors');
}

/** `GET /api/admin/vendors/{vendorId}` (a V-… id, or the user id of an applicant). */
export async function getVendor(vendorId: string, signal?: AbortSignal): Promise<VendorDetail> {
  const [{ vendorDetailSchema }, data] = await withSchemas(apiRequest<unknown>(`/api/admin/vendors/${encodeURIComponent(vendorId)}`, { signal }));
  return parseAnswer(vendorDetailSchema, data, 'GET /api/admin/vendors/{vendorId}');
}

/** `PUT /api/admin/vendors/{vendorId}/commission` (409 `commission_changed` when the rate changed meanwhile). */
export async function putCommission(vendorId: string, commissionRateBps: number, expectedRateBps: number | null): Promise<void> {
  await apiRequest<unknown>(`/api/admin/vendors/${encodeURIComponent(vendorId)}/commission`, { method: 'PUT', body: { commissionRateBps, expectedRateBps } });
}

/**
 * Percent as typed (up to 2 decimals, 0–100) → basis points; null when it is not one.
 * `12.5` → 1250, `7` → 700, `12.345` → null.
 */
export function percentToBps(text: string): number | null {
  const value = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

/** Basis points → the percent as an operator types it: 1250 → "12.5", 1500 → "15". */
export const bpsToPercentText = (bps: number): string => String(bps / 100);

/**
 * `POST /api/admin/users/{userId}/mfa-reset` (issue 14): turns the user's two-step verification off,
 * audited with the reason. `wasOn`: whether it was on before.
 */
export async function resetTwoStep(userId: string, reason: string): Promise<MfaResetAnswer> {
  const [{ mfaResetAnswerSchema }, data] = await Promise.all([import('../../../../../contracts/admin-mfa'), apiRequest<unknown>(`/api/admin/users/${encodeURIComponent(userId)}/mfa-reset`, { method: 'POST', body: { reason } })]);
  return parseAnswer(mfaResetAnswerSchema, data, 'POST /api/admin/users/{userId}/mfa-reset');
}
