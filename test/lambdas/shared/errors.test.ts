import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../contracts/errors';
import { BadRequestError, ValidationError } from '../../../lambdas/shared/errors';
import { errorReply } from '../../../lambdas/shared/http';

const bodyOf = (err: unknown) => {
  const res = errorReply(err, 'req-1');
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
};

describe('one error answer for every failure (contracts/errors.ts)', () => {
  const query = z.strictObject({ status: z.enum(['paid', 'cancelled']), limit: z.coerce.number().int().max(100).optional(), nameEn: z.string().min(1, 'listing_error_required') });

  it('names each top-level field with its code: the schema’s own code-like message, else zod’s issue code', () => {
    const result = query.safeParse({ status: 'shipped', limit: '500', nameEn: '', page: '2' });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!.issues)).toEqual({ status: 'invalid_value', limit: 'too_big', nameEn: 'listing_error_required', page: 'unrecognized_keys' });
  });

  it('keeps the first problem of a field, and gives no field for a problem of the whole input', () => {
    const result = z.object({ tags: z.array(z.string().min(2)) }).safeParse({ tags: ['a', 'b'] });
    expect(fieldErrorsOf(result.error!.issues)).toEqual({ tags: 'too_small' });
    expect(fieldErrorsOf(query.safeParse('not an object').error!.issues)).toEqual({});
  });

  it('answers a ValidationError as 400 validation_error with message and fields; other errors without fields', () => {
    expect(bodyOf(new ValidationError({ price: 'listing_error_price_format', images: 'listing_error_image_key' }))).toEqual({
      status: 400,
      body: { error: 'validation_error', message: 'Check these fields: price, images.', fields: { price: 'listing_error_price_format', images: 'listing_error_image_key' } },
    });
    expect(bodyOf(new ValidationError({}, 'Invalid body: expected object'))).toEqual({ status: 400, body: { error: 'validation_error', message: 'Invalid body: expected object' } });
    expect(bodyOf(new BadRequestError('The request body is not valid JSON.', 'invalid_json'))).toEqual({ status: 400, body: { error: 'invalid_json', message: 'The request body is not valid JSON.' } });
    expect(bodyOf(new Error('boom'))).toEqual({ status: 500, body: { error: 'internal_error', message: 'Something went wrong. Reference: req-1' } });
  });
});
