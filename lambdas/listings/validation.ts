/**
 * 400 answers the item form can show next to its fields:
 * `{ error: 'validation_error', message: '<English summary>', fields: { '<field>': '<i18n key>' } }`.
 * The keys are the form's top-level field names (an image list or allergen list is one control);
 * the values are the schema's i18n keys (contracts/listings/schema.ts).
 */
import type * as z from 'zod';
import { BadRequestError } from '../shared/errors';
import type { Reply } from '../shared/http';
import { productFormSchema, productSubmitSchema, type ProductContent } from '../../contracts/listings/schema';

/** For input the browser never sends (a number where text belongs, an unknown option): one generic key. */
export const INVALID_FIELD_KEY = 'listing_error_invalid';

export class FieldValidationError extends BadRequestError {
  constructor(
    readonly fields: Record<string, string>,
    message = summary(fields),
  ) {
    super(message, 'validation_error');
  }

  reply(): Reply {
    return { statusCode: 400, body: { error: this.code, message: this.message, fields: this.fields } };
  }
}

function summary(fields: Record<string, string>): string {
  const names = Object.keys(fields);
  return names.length === 1 ? `Check this field: ${names[0]}.` : `Check these fields: ${names.join(', ')}.`;
}

/** The first problem of each field, as an i18n key. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in fields) continue;
    fields[field] = /^listing_error_[a-z0-9_]+$/.test(issue.message) ? issue.message : INVALID_FIELD_KEY;
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
