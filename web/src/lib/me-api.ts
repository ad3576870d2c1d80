import { apiRequest, ApiError } from './api';
import type { Language } from '../i18n/language';

/** `GET /api/me` and `PATCH /api/me` answer (the API contract of issue 2). */
export interface Me {
  userId: string;
  email: string;
  status: 'pending' | 'approved' | 'rejected';
  vendorId: string | null;
  vendorName: string;
  /** Exactly as stored; applied only when it is 'en' or 'zh-TW'. */
  language: string;
  /** The vendor's payout account, null until one is set up (older servers may leave it out). */
  payoutAccountId?: string | null;
  rejectionReason?: string;
}

const STATUSES: readonly string[] = ['pending', 'approved', 'rejected'];

export function parseMe(data: unknown): Me {
  const raw = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const ok =
    typeof raw.userId === 'string' &&
    typeof raw.email === 'string' &&
    typeof raw.status === 'string' &&
    STATUSES.includes(raw.status) &&
    (raw.vendorId === null || typeof raw.vendorId === 'string') &&
    typeof raw.vendorName === 'string' &&
    typeof raw.language === 'string' &&
    (raw.payoutAccountId === undefined || raw.payoutAccountId === null || typeof raw.payoutAccountId === 'string') &&
    (raw.rejectionReason === undefined || typeof raw.rejectionReason === 'string');
  if (!ok) throw new ApiError(200, 'invalid_response', 'GET /api/me answered an unexpected shape.');
  return raw as unknown as Me;
}

export async function getMe(): Promise<Me> {
  return parseMe(await apiRequest<unknown>('/api/me'));
}

export async function saveMyLanguage(language: Language): Promise<Me> {
  return parseMe(await apiRequest<unknown>('/api/me', { method: 'PATCH', body: { language } }));
}
