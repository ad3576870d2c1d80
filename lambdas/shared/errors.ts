/**
 * Typed errors mapped to HTTP answers in one place (lambdas/shared/http.ts). The `error` code is
 * stable for clients and one of contracts/errors.ts's `ApiErrorCode`s (a new code goes there first,
 * and the web's type check then asks for its translation); `message` is for people.
 */
import type { ApiErrorCode } from '../../contracts/errors';

export type { ApiErrorCode } from '../../contracts/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, code: ApiErrorCode = 'bad_request') {
    super(400, code, message);
  }
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
