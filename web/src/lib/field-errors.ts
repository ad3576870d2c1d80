import { ApiError } from './api';

/**
 * A 400's per-field messages (docs/api.md, "Field errors"): `{ error: 'validation_error', message,
 * fields: { "<field>": "<i18n key>" } }`, keyed by the form's top-level field names, so a form can
 * show each by the field that caused it (react-hook-form's setError). ApiError carries the error body
 * as `details` (lib/api.ts); it is read structurally, anything else gives no field errors.
 */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const details = (err as { details?: unknown }).details;
  const fields = typeof details === 'object' && details !== null ? (details as { fields?: unknown }).fields : undefined;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return {};
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (field !== '' && typeof message === 'string' && message !== '') found[field] = message;
  }
  return found;
}
