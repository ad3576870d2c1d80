/**
 * Typed errors mapped to HTTP answers in one place (lambdas/shared/http.ts). The `error` code is
 * stable for clients and one of contracts/errors.ts's `ApiErrorCode`s (a new code goes there first,
 * and the web's type check then asks for its translation); `message` is for people.
 */
import type { ApiErrorBody, ApiErrorCode, FieldErrors } from '../../contracts/errors';

export type { ApiErrorBody, ApiErrorCode, FieldErrors } from '../../contracts/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    /** A 400's per-field codes (ValidationError); answered as `fields`. */
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The one error answer (contracts/errors.ts): `{ error, message }`, with `fields` when there are any. */
  body(): ApiErrorBody {
    return { error: this.code, message: this.message, ...(this.fields && Object.keys(this.fields).length ? { fields: this.fields } : {}) };
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, code: ApiErrorCode = 'bad_request') {
    super(400, code, message);
  }
}

/**
 * Input that does not match its schema: 400 `validation_error` with the fields to fix (their codes:
 * the schema's own message when it is a code, e.g. the item form's i18n keys, else zod's issue code).
 */
export class ValidationError extends HttpError {
  constructor(fields: FieldErrors, message: string = fieldSummary(fields)) {
    super(400, 'validation_error', message, fields);
  }
}

/** `Check this field: price.` / `Check these fields: price, compareAtPrice.` */
export function fieldSummary(fields: FieldErrors): string {
  const names = Object.keys(fields);
  return names.length === 1 ? `Check this field: ${names[0]}.` : `Check these fields: ${names.join(', ')}.`;
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this resource.', code: ApiErrorCode = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string, code: ApiErrorCode = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, code: ApiErrorCode = 'conflict') {
    super(409, code, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, code: ApiErrorCode = 'too_many_requests') {
    super(429, code, message);
  }
}
