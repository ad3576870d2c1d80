import type { ApiErrorBody } from '@contracts/errors';
import { getIdToken, storedIdToken } from './auth-client';
import { loadConfig } from './config';

/**
 * The codes the web itself gives a failed call, beside the server's ApiErrorCode (contracts/errors.ts):
 * no session (401 before any request), and an answer it could not read (not JSON, or not the shape
 * of its schema).
 */
export type WebErrorCode = 'unauthenticated' | 'invalid_response';

/** A failed API call: the HTTP status and the server's `{ error, message }` (or a stand-in for them). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole error body when it was a JSON object (e.g. a 400's per-field `fields`, lib/field-errors.ts). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Ask Cognito for fresh tokens first (the spec's support call sends a freshly refreshed token). */
  forceRefresh?: boolean;
  /** An ID token the caller already fetched (then no token is fetched here). */
  token?: string;
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header (lib/idempotency.ts keeps one per user action): the server
   * answers a request repeated with the same key (the vendor pressing Send again after a network
   * error whose request did arrive) with its first answer instead of creating a second case.
   */
  idempotencyKey?: string;
}

/**
 * The error answer's `error` and `message` (contracts/errors.ts ApiErrorBody). Read by hand, not with
 * apiErrorBodySchema: this module is part of the first visit's download, which carries no zod
 * (docs/web.md, "Weight"); lib/field-errors.ts reads `fields` with the schema.
 */
function errorBody(data: unknown): Pick<ApiErrorBody, 'message'> & { error: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { error, message } = data as Record<string, unknown>;
  return typeof error === 'string' ? { error, message: typeof message === 'string' ? message : error } : undefined;
}

/**
 * Calls the portal API with `Authorization: Bearer <ID token>` and parses JSON. Non-2xx answers become
 * an ApiError carrying the server's `{ error, message }`; a missing session is ApiError 401 `unauthenticated`.
 */
/** Dispatched on `window` when the API answers `membership_ended`: the owner removed this member. */
export const MEMBERSHIP_ENDED_EVENT = 'seller-portal:membership-ended';

export async function apiRequest<T>(path: string, req: ApiRequest = {}): Promise<T> {
  // The token Amplify stored, while it is fresh (lib/auth-client.ts); a 401 for it is asked again with a token from Amplify.
  const stored = req.token === undefined && !req.forceRefresh ? storedIdToken()?.token : undefined;
  const [config, token] = await Promise.all([loadConfig(), req.token ?? stored ?? getIdToken(req.forceRefresh ?? false)]);
  if (!token) throw new ApiError(401, 'unauthenticated', 'No signed-in user.');
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
  const res = await fetch(`${config.apiBaseUrl}${path}`, {
    method: req.method ?? 'GET',
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    signal: req.signal,
  });
  if (res.status === 401 && stored) return apiRequest<T>(path, { ...req, forceRefresh: true });
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (res.ok) throw new ApiError(res.status, 'invalid_response', 'The server answered with something other than JSON.');
    }
  }
  if (!res.ok) {
    const body = errorBody(data);
    const details = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
    // A removed team member (issue 14): the session ends wherever the refusal comes from (lib/session.tsx listens).
    if (body?.error === 'membership_ended' && typeof window !== 'undefined') window.dispatchEvent(new Event(MEMBERSHIP_ENDED_EVENT));
    throw new ApiError(res.status, body?.error ?? `http_${res.status}`, body?.message ?? (res.statusText || `HTTP ${res.status}`), details);
  }
  return data as T;
}

/**
 * Parses an answer with its schema from contracts/ (the one the server builds it as): a mismatch (a
 * proxy's HTML page, an older or newer server) becomes ApiError `invalid_response`, which the pages
 * show as their error state, never a crash or "NaN". `what` names the call, e.g. `GET /api/orders`.
 * Any zod schema works (zod/mini or classic zod: both have `safeParse`); nothing of zod is imported
 * here, so the schemas (and zod) come with the feature chunks that use them.
 */
/** What parseAnswer needs of a schema: zod's `safeParse` (zod/mini's and classic zod's alike). */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export function parseAnswer<T>(schema: AnswerSchema<T>, data: unknown, what: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, 'invalid_response', `${what} answered an unexpected shape.`);
  return result.data;
}
