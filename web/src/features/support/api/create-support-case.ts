import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportCategory } from '@contracts/support/categories';
import { ApiError, apiRequest } from '../../../lib/api';
import { getIdToken } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-client';

/** What became of a support request, in the terms of spec §8. */
export type SupportOutcome =
  /** No signed-in user or no vendor id: the caller signs out and says the session expired. */
  | { kind: 'session-expired' }
  /** No ID token even after a forced refresh: the caller signs out and says so. */
  | { kind: 'token-unavailable' }
  /** The server answered non-OK; `message` is its `{ error, message }` text, `cause` the ApiError (its code is translated). */
  | { kind: 'failed'; message: string; cause: unknown }
  /** Anything thrown on the way (network, unexpected answer); `cause` is what was thrown. */
  | { kind: 'error'; message: string; cause: unknown }
  | { kind: 'submitted'; caseId: string };

export interface SupportRequest {
  /** The signed-in user of the session (null when nobody is signed in). */
  user: { email: string } | null;
  vendorId: string | null;
  category: SupportCategory;
  message: string;
  /** One per send (lib/idempotency.ts): the same key for the same request sent again creates no second case. */
  idempotencyKey?: string;
}

/**
 * Submit support case (spec §7): skipped when there is no user or vendor id; otherwise
 * `POST /api/support` with a freshly refreshed ID token (`fetchAuthSession({ forceRefresh: true })`) as
 * bearer and the body `{ category, message, vendorId }`. Never throws: every path is an outcome.
 */
export async function submitSupportCase({ user, vendorId, category, message, idempotencyKey }: SupportRequest): Promise<SupportOutcome> {
  if (!user || !vendorId) return { kind: 'session-expired' };
  try {
    const token = await getIdToken(true);
    if (!token) return { kind: 'token-unavailable' };
    const created = await apiRequest<unknown>('/api/support', { method: 'POST', token, body: { category, message: message.trim(), vendorId }, idempotencyKey });
    const caseId = typeof created === 'object' && created !== null ? (created as Record<string, unknown>).caseId : undefined;
    if (typeof caseId !== 'string' || !caseId) throw new Error('The server did not return a case number.');
    return { kind: 'submitted', caseId };
  } catch (err) {
    // A non-OK answer is the server's word; an ApiError below 400 is an OK answer we could not read.
    if (err instanceof ApiError && err.status >= 400) return { kind: 'failed', message: err.message, cause: err };
    return { kind: 'error', message: err instanceof Error && err.message ? err.message : String(err), cause: err };
  }
}

/**
 * The send of Contact support: `submitSupportCase` as a mutation (its outcome is the data: it never
 * throws). A case opened makes the vendor's Support cases list load again when next shown (at once,
 * if it is the page shown).
 */
export function useCreateSupportCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitSupportCase,
    onSuccess: (outcome) => {
      if (outcome.kind === 'submitted') void client.invalidateQueries({ queryKey: queryKeys.support.all });
    },
  });
}
