import type { ApiErrorBody, FieldErrors } from '@contracts/errors';
import { ApiError } from './api';

/**
 * A 400's per-field codes (docs/api.md, "Errors"): the one error answer of the API,
 * `{ error: 'validation_error', message, fields: { "<field>": "<code>" } }` (contracts/errors.ts
 * ApiErrorBody), keyed by the request's top-level field names, so a form can show each by the field
 * that caused it (react-hook-form's setError). The item form's and offer dialog's codes are i18n
 * keys. ApiError carries the error body as `details` (lib/api.ts). The web's one reader of `fields`;
 * it checks them by hand rather than with apiErrorBodySchema so the item form's first download
 * carries no zod (docs/web.md, "Weight"): an answer whose `fields` is not a record of non-empty
 * strings gives no field errors.
 */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const fields: unknown = (err.details as Partial<Record<keyof ApiErrorBody, unknown>> | undefined)?.fields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return {};
  const entries = Object.entries(fields);
  if (!entries.every(([, code]) => typeof code === 'string')) return {};
  return Object.fromEntries(entries.filter(([field, code]) => field !== '' && code !== '')) as FieldErrors;
}

/**
 * Codes only the API gives (lambdas/listings), which no check of the web's own names: listed here so
 * that their texts come with this module, the reader of `fields` (each module brings the en.json texts
 * its source names, web/vite.config.ts `localeSlices`; issue 24, item 27). Without them the item form
 * and the offer dialog would show their generic message instead (`i18n.exists` is false for a text
 * that never arrived). test/web/i18n/locale-slices.test.ts fails when the API names a code no module does.
 */
export const API_ONLY_FIELD_CODES = ['listing_error_restock_past', 'listing_error_image_rejected'] as const;
