import { apiErrorBodySchema } from '../../../contracts/errors';
import { ApiError } from './api';

/**
 * A 400's per-field codes (docs/api.md, "Errors"): the one error answer of the API,
 * `{ error: 'validation_error', message, fields: { "<field>": "<code>" } }` (contracts/errors.ts),
 * keyed by the request's top-level field names, so a form can show each by the field that caused it
 * (react-hook-form's setError). The item form's and offer dialog's codes are i18n keys. ApiError
 * carries the error body as `details` (lib/api.ts); it is parsed with the contract's schema, and
 * anything else gives no field errors. The web's one reader of `fields`.
 */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const parsed = apiErrorBodySchema.safeParse(err.details);
  if (!parsed.success) return {};
  const found: Record<string, string> = {};
  for (const [field, code] of Object.entries(parsed.data.fields ?? {})) {
    if (field !== '' && code !== '') found[field] = code;
  }
  return found;
}
