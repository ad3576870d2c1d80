import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api';
import { serverFieldErrors } from '../../../web/src/lib/field-errors';

/** An ApiError carrying the error body, as lib/api.ts gives it (`details`). */
const withBody = (status: number, body: Record<string, unknown>) => Object.assign(new ApiError(status, String(body.error), String(body.message)), { details: body });

describe('serverFieldErrors (docs/api.md, "Field errors")', () => {
  it('reads the `fields` of a 400 body: field name → i18n key', () => {
    const err = withBody(400, { error: 'validation_error', message: 'Check these fields: price, images.', fields: { price: 'listing_error_price_format', images: 'listing_error_image_not_checked' } });
    expect(serverFieldErrors(err)).toEqual({ price: 'listing_error_price_format', images: 'listing_error_image_not_checked' });
  });

  it('finds nothing in other failures or bodies', () => {
    expect(serverFieldErrors(withBody(409, { error: 'product_under_review', message: 'x', fields: { price: 'listing_error_price_format' } }))).toEqual({});
    expect(serverFieldErrors(withBody(400, { error: 'validation_error', message: 'values must be an object', fields: {} }))).toEqual({});
    expect(serverFieldErrors(withBody(400, { error: 'invalid_json', message: 'The request body is not valid JSON.' }))).toEqual({});
    expect(serverFieldErrors(withBody(400, { error: 'validation_error', message: 'x', fields: { price: 7, '': 'listing_error_invalid' } }))).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'validation_error', 'Check this field: price.'))).toEqual({});
    expect(serverFieldErrors(new Error('Check this field: price.'))).toEqual({});
  });
});
