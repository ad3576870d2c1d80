import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiErrorCode } from '@contracts/errors';
import { ApiError, type WebErrorCode } from './api';

/** The raw text of a failed call: the server's message (ApiError) or the error's own (English, not for zh-TW sentences). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return typeof err === 'string' && err ? err : String(err);
}

/**
 * What the vendor is told for each error code the API answers (`{ error: <code>, message }`: every
 * `ApiErrorCode` of contracts/errors.ts, which the server's errors are typed with) and the web's own
 * codes, as i18n keys of en.json and zh-TW.json. Every code must be here (`satisfies`): a code the
 * server adds without a translation fails the type check. A code this web does not know (a newer
 * server) falls back to its HTTP status class (statusReasonKey).
 */
export const API_ERROR_REASONS = {
  // 400
  bad_request: 'error_reason_validation',
  validation_error: 'error_reason_validation',
  invalid_json: 'error_reason_validation',
  invalid_review: 'error_reason_validation',
  invalid_query: 'error_reason_invalid_query',
  invalid_cursor: 'error_reason_invalid_query',
  invalid_email: 'please_enter_valid_email',
  invalid_country_currency: 'please_select_country_currency',
  invalid_business_details: 'please_fill_business_details',
  invalid_account_details: 'please_fill_account_details',
  invalid_account_number: 'please_enter_valid_account_number',
  invalid_phone: 'please_enter_valid_phone',
  invalid_postal_code: 'please_enter_valid_postal_code',
  invalid_swift_bic: 'please_enter_valid_swift',
  invalid_iban: 'please_enter_valid_iban',
  current_password_incorrect: 'current_password_incorrect',
  // 401 (the API's own, and the web's "no session")
  unauthorized: 'error_reason_session_expired',
  unauthenticated: 'error_reason_session_expired',
  // 403
  forbidden: 'error_reason_forbidden',
  not_admin: 'error_reason_forbidden',
  vendor_not_approved: 'error_reason_vendor_not_approved',
  vendor_mismatch: 'error_reason_vendor_mismatch',
  role_not_allowed: 'error_reason_role_not_allowed',
  membership_ended: 'error_reason_membership_ended',
  // 404
  not_found: 'error_reason_not_found',
  user_not_found: 'error_reason_not_found',
  vendor_not_found: 'error_reason_vendor_not_found',
  product_not_found: 'product_not_found',
  payout_not_found: 'error_reason_payout_not_found',
  support_case_not_found: 'error_reason_support_case_not_found',
  // 405
  method_not_allowed: 'error_reason_unexpected',
  // Idempotency-Key: malformed (a client defect) or reused with another body (422)
  invalid_idempotency_key: 'error_reason_unexpected',
  idempotency_key_reused: 'error_reason_request_reused',
  // 409
  conflict: 'error_reason_conflict',
  review_conflict: 'error_reason_conflict',
  already_approved: 'error_reason_conflict',
  product_not_pending: 'error_reason_conflict',
  product_under_review: 'product_under_review_conflict',
  product_changed: 'product_changed_conflict',
  nothing_to_submit: 'error_reason_nothing_to_submit',
  product_published: 'error_reason_product_published',
  catalogue_full: 'catalogue_full',
  payout_method_conflict: 'error_reason_payout_method_conflict',
  support_case_closed: 'error_reason_support_case_closed',
  support_case_not_closed: 'error_reason_conflict',
  support_thread_full: 'error_reason_support_thread_full',

  application_decided: 'error_reason_conflict',
  commission_changed: 'error_reason_conflict',

  payout_not_failed: 'error_reason_conflict',
  payout_not_awaiting: 'error_reason_conflict',
  payout_retry_blocked: 'error_reason_payout_retry_blocked',

  product_already_reviewed: 'error_reason_conflict',

  member_exists: 'error_reason_member_exists',
  member_changed: 'error_reason_member_changed',
  account_holder_fixed: 'error_reason_account_holder_fixed',
  already_in_shop: 'error_reason_already_in_shop',
  team_full: 'error_reason_team_full',
  invitation_invalid: 'error_reason_invitation_invalid',
  invitation_email_mismatch: 'error_reason_invitation_email_mismatch',

  offer_changed: 'offer_changed_conflict',
  // 429
  too_many_requests: 'error_reason_rate_limited',
  support_rate_limited: 'error_reason_support_rate_limited',
  invitation_rate_limited: 'error_reason_invitation_rate_limited',
  support_busy: 'error_reason_busy',
  // 5xx and answers the web could not read
  internal_error: 'error_reason_server',
  bad_gateway: 'error_reason_server',
  invalid_response: 'error_reason_bad_response',
  // 404 (issue 15)
  order_not_found: 'error_reason_order_not_found',

  // Bulk price and stock (issue 15)
  bulk_file_invalid: 'bulk_error_file_invalid',
  bulk_job_not_found: 'bulk_error_job_not_found',
  bulk_job_not_ready: 'bulk_error_job_not_ready',
  bulk_undo_unavailable: 'bulk_error_undo_unavailable',

  // 403, issue 14 (two-step sign-in)
  mfa_required: 'error_reason_mfa_required',
  step_up_required: 'error_reason_step_up_required',
  admin_mfa_required: 'error_reason_admin_mfa_required',
  // 409, issue 15
  low_stock_default_changed: 'low_stock_default_changed',
} as const satisfies Record<ApiErrorCode | WebErrorCode, string>;

export type ErrorReasonKey = (typeof API_ERROR_REASONS)[keyof typeof API_ERROR_REASONS] | 'error_network' | 'error_reason_too_large' | 'error_reason_unknown' | 'error_config';

const isKnownCode = (code: string): code is keyof typeof API_ERROR_REASONS => Object.prototype.hasOwnProperty.call(API_ERROR_REASONS, code);

function statusReasonKey(status: number): ErrorReasonKey {
  if (status === 400 || status === 422) return 'error_reason_validation';
  if (status === 401) return 'error_reason_session_expired';
  if (status === 403) return 'error_reason_forbidden';
  if (status === 404) return 'error_reason_not_found';
  if (status === 409) return 'error_reason_conflict';
  if (status === 413) return 'error_reason_too_large';
  if (status === 429) return 'error_reason_rate_limited';
  if (status >= 500) return 'error_reason_server';
  if (status >= 200 && status < 300) return 'error_reason_bad_response';
  return 'error_reason_unexpected';
}

/**
 * The translated reason for a failure: an API error by its code (else its status), a browser network
 * failure (`TypeError: Failed to fetch`, Safari's "Load failed", Firefox's "NetworkError when…"), or an
 * Amplify / Cognito error by its name.
 */
export function errorReasonKey(err: unknown): ErrorReasonKey {
  if (err instanceof ApiError) return isKnownCode(err.code) ? API_ERROR_REASONS[err.code] : statusReasonKey(err.status);
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : '';
  switch (name) {
    case 'NetworkError':
    case 'TimeoutError':
      return 'error_network';
    case 'NotAuthorizedException':
      return /attempts exceeded/i.test(message) ? 'error_reason_rate_limited' : 'error_reason_session_expired';
    case 'UserUnAuthenticatedException':
    case 'NoSessionFoundException':
      return 'error_reason_session_expired';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'error_reason_rate_limited';
    case 'InvalidParameterException':
      return 'error_reason_validation';
    case 'InternalErrorException':
    case 'ServiceUnavailableException':
      return 'error_reason_server';
    case 'ConfigError':
      return 'error_config';
  }
  if (err instanceof TypeError && /fetch|network|load failed/i.test(message)) return 'error_network';
  return 'error_reason_unknown';
}

/** A failure as the vendor reads it: a sentence's `message` in the UI language, and what support may ask for. */
export interface ErrorText {
  message: string;
  /** The request's reference (a server failure's request id), shown apart from the sentence; null when there is none. */
  detail: string | null;
}

/** The request id a server failure names ("Something went wrong. Reference: <id>", lambdas/shared/http.ts), or null. */
export function requestReference(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const fromBody = err.details?.requestId;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  return /\bReference: ?([\w-]+)/.exec(err.message)?.[1] ?? null;
}

/**
 * English keeps the spec's texts ('Failed to submit support case: {server error}', 'An error occurred:
 * {message}'): the server's and browser's messages are English, so they go into the sentence as they
 * are. In any other language the sentence carries the translated reason, and nothing English is added
 * to it: only a request id, when the server gave one, as a detail support can look up (issue 24, item 19;
 * docs/decisions.md).
 */
export function describeError(err: unknown, t: TFunction, language: string): ErrorText {
  const raw = err === undefined || err === null ? '' : errorMessage(err).trim();
  if (language === 'en' && raw) return { message: raw, detail: null };
  return { message: t(errorReasonKey(err)), detail: requestReference(err) };
}

/** describeError in the current UI language. */
export function useErrorText(): (err: unknown) => ErrorText {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (err) => describeError(err, t, language);
}

/**
 * LoadStatus's `errorText` and `errorDetail` for a resource (lib/use-resource.ts): once it failed, the
 * page's sentence (`key`, with a `{{message}}` placeholder) around the reason, and the raw text as the detail.
 */
export function useLoadErrorProps(): (resource: { status: string; error?: unknown }, key: string) => { errorText?: string; errorDetail?: string | null } {
  const { t } = useTranslation();
  const describe = useErrorText();
  return (resource, key) => {
    if (resource.status !== 'failed') return {};
    const { message, detail } = describe(resource.error);
    return { errorText: t(key, { message }), errorDetail: detail };
  };
}
