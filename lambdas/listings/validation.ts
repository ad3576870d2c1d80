/**
 * 400 answers the item form can show next to its fields:
 * `{ error: 'validation_error', message: '<English summary>', fields: { '<field>': '<i18n key>' } }`.
 * The keys are the form's top-level field names (an image list or allergen list is one control);
 * the values are the schema's i18n keys (contracts/listings/schema.ts).
 */
import type * as z from 'zod';
import { ValidationError } from '../shared/errors';
import type { Reply } from '../shared/http';
import { productFormSchema, productSubmitSchema, type ProductContent } from '../../contracts/listings/schema';
import { CONTROL_CHARACTERS_MESSAGE } from '../../contracts/typed-text';

/** For input the browser never sends (a number where text belongs, an unknown option): one generic key. */
export const INVALID_FIELD_KEY = 'listing_error_invalid';

/** The shared ValidationError (lambdas/shared/errors.ts) whose fields are the item form's i18n keys. */
export class FieldValidationError extends ValidationError {
  declare readonly fields: Record<string, string>;

  /** The answer as a reply (the listings handler returns it, so a create's idempotency record keeps it). */
  reply(): Reply {
    return { statusCode: 400, body: { ...this.body(), fields: this.fields } };
  }
}

/** The first problem of each field, as an i18n key. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in fields) continue;
    // The form's own keys, and the one every name shares (contracts/values.ts `noControlCharacters`).
    fields[field] = /^listing_error_[a-z0-9_]+$/.test(issue.message) || issue.message === CONTROL_CHARACTERS_MESSAGE ? issue.message : INVALID_FIELD_KEY;
  }
  return fields;
}

/** Parses with a form schema; a failure becomes a FieldValidationError. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error.issues);
  if (Object.keys(fields).length === 0) throw new FieldValidationError({}, `${what} must be an object with the form's fields.`);
  throw new FieldValidationError(fields);
}

/** The item form's values: a draft needs little, a submission everything review needs. */
export const parseProductValues = (values: unknown, submit: boolean): ProductContent =>
  parseFields(submit ? productSubmitSchema : productFormSchema, values, 'values');
