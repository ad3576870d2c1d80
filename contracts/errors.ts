/**
 * The API's error answers (docs/api.md, "Errors"): every failure is JSON
 * `{ error: <ApiErrorCode>, message, fields? }`. The server builds them from typed errors
 * (lambdas/shared/errors.ts, lambdas/shared/http.ts); the web reads them with `apiErrorBodySchema`
 * (web/src/lib/api.ts) and translates each code (web/src/lib/error-message.ts, which must cover
 * every code here: a new code without a translation fails the web's type check).
 */
import * as z from 'zod/mini';

/** Every `error` code the API (and the local API server standing in for API Gateway) answers with. */
export const API_ERROR_CODES = [
  // 400
  'bad_request',
  'validation_error',
  'invalid_json',
  'invalid_review',
  'invalid_query',
  'invalid_cursor',
  'invalid_email',
  'invalid_country_currency',
  'invalid_business_details',
  'invalid_account_details',
  'invalid_account_number',
  'invalid_phone',
  'invalid_postal_code',
  'invalid_swift_bic',
  'invalid_iban',
  'invalid_idempotency_key',
  'current_password_incorrect',
  // 401
  'unauthorized',
  // 403
  'forbidden',
  'not_admin',
  'vendor_not_approved',
  'vendor_mismatch',
  'role_not_allowed',
  'membership_ended',
  // 404
  'not_found',
  'user_not_found',
  'vendor_not_found',
  'product_not_found',
  'payout_not_found',
  'support_case_not_found',
  // 405 (the local API server; API Gateway answers a missing method with its own 403)
  'method_not_allowed',
  // 409
  'conflict',
  'review_conflict',
  'already_approved',
  'product_not_pending',
  'product_under_review',
  'product_changed',
  'nothing_to_submit',
  'product_published',
  'catalogue_full',
  'payout_method_conflict',
  'support_case_closed',
  'support_case_not_closed',
  'support_thread_full',

  'application_decided',
  'commission_changed',

  'payout_not_failed',
  'payout_not_awaiting',
  'payout_retry_blocked',

  'product_already_reviewed',

  'member_exists',
  'member_changed',
  'account_holder_fixed',
  'already_in_shop',
  'team_full',
  'invitation_invalid',
  'invitation_email_mismatch',

  'offer_changed',
  // 422
  'idempotency_key_reused',
  // 429
  'too_many_requests',
  'support_rate_limited',
  'invitation_rate_limited',
  'support_busy',
  // 5xx
  'internal_error',
  'bad_gateway',
  // 404 (issue 15): an order the caller's vendor does not have
  'order_not_found',

  // Bulk price and stock (issue 15): 400, 404, 409, 409
  'bulk_file_invalid',
  'bulk_job_not_found',
  'bulk_job_not_ready',
  'bulk_undo_unavailable',

  // 403, issue 14 (two-step sign-in): TOTP off, sign-in too long ago for a sensitive change, an admin without TOTP
  'mfa_required',
  'step_up_required',
  'admin_mfa_required',

  // 409, issue 15: the shop's default low-stock level changed since the vendor read it
  'low_stock_default_changed',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * A 400's per-field problems: `{ "<field>": "<code>" }`, keyed by the request's top-level field (or
 * query parameter) names. A form schema's own messages are i18n keys of the web (`listing_error_…`,
 * contracts/listings/schema.ts); anything else is zod's issue code (`invalid_type`, `too_big`,
 * `unrecognized_keys`, …).
 */
export type FieldErrors = Record<string, string>;

/**
 * The one error answer of the API. `error` is read as a string, not as the union: a newer server may
 * answer a code this web does not know yet (it then falls back to the HTTP status's text).
 */
export const apiErrorBodySchema = z.object({
  error: z.string().check(z.minLength(1)),
  message: z.optional(z.string()),
  fields: z.optional(z.record(z.string(), z.string())),
});

/** What the server sends: a known code, a message for people, and for a 400 possibly the fields. */
export interface ApiErrorBody {
  error: ApiErrorCode;
  message: string;
  fields?: FieldErrors;
}

/** The one field-error code of a zod issue: the schema's own message when it is a code, else zod's issue code. */
export const FIELD_ERROR_CODE = /^[a-z][a-z0-9_]*$/;

/**
 * Turns zod issues into `fields`: the first problem of each top-level field. Issues without a path
 * (e.g. unknown keys) name their keys instead; a problem of the whole input gives no field.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], codeOf: (issue: z.core.$ZodIssue) => string = defaultFieldCode): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const names = issue.path.length ? [issue.path[0]] : issue.code === 'unrecognized_keys' ? issue.keys : [];
    for (const name of names) {
      if (typeof name !== 'string' || name === '' || name in fields) continue;
      fields[name] = codeOf(issue);
    }
  }
  return fields;
}

function defaultFieldCode(issue: z.core.$ZodIssue): string {
  return FIELD_ERROR_CODE.test(issue.message) ? issue.message : issue.code;
}
