/**
 * The vendor activity log (issue 14): who did what in a vendor account — a product submitted for
 * review, a price or stock change, the payout method changed, team members invited, re-roled, removed
 * or joined, two-step sign-in turned on or off. One entry per change, written in the same DynamoDB
 * transaction as the change (lambdas/activity/record.ts) and never updated or deleted (the `activity`
 * table's `append` grant, lib/data.ts). The vendor-side twin of the ops audit log (contracts/audit.ts).
 * Plain zod; imports nothing of the project but its zod-free constants.
 */
import * as z from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_VIA_TYPES } from './activity-actions';

export { ACTIVITY_ACTIONS, ACTIVITY_CSV_COLUMNS, ACTIVITY_VIA_TYPES, type ActivityViaType, ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, isActivityAction, type ActivityAction } from './activity-actions';

/**
 * Recorded values: before/after hold only the fields the change touched, as plain scalars — money in
 * integer cents (`priceCents`), counts, flags, masked destinations (`•••• 1234`), never a secret.
 */
export const activityValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ActivityValues = z.infer<typeof activityValuesSchema>;

export const activityEntrySchema = z.strictObject({
  activityId: z.string().min(1),
  /** When (UTC ISO-8601). */
  at: z.iso.datetime(),
  /** Who: the user's id (Cognito sub) and e-mail, from the verified token. */
  actor: z.strictObject({ userId: z.string().min(1), email: z.string() }),
  action: z.enum(ACTIVITY_ACTIONS),
  /** What it was done to (`product` P-…, `payout_method`, `member` …), with a label as it was then (a product's name). */
  target: z.strictObject({ type: z.string().min(1), id: z.string().min(1), label: z.string().optional() }).nullable(),
  before: activityValuesSchema.nullable(),
  after: activityValuesSchema.nullable(),
  /** Absent for a single edit; a change made by a bulk job's apply or undo names the job (`B-…`). */
  via: z.strictObject({ type: z.enum(ACTIVITY_VIA_TYPES), id: z.string().min(1) }).optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `GET /api/activity` (docs/api.md): newest first, cursor-paged. */
export const activityPageSchema = z.strictObject({
  items: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string): boolean => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The log's filters (`GET /api/activity` and `/api/activity.csv` query): any combination of an
 * action, a person (their user id, or their e-mail: anything with an `@`) and a range of marketplace
 * days (inclusive; issue 24, item 14).
 */
export const activityFilterFields = z.strictObject({
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  actor: z.string().trim().min(1).max(254).optional(),
  from: z.string().refine(validDay, 'is not a day (YYYY-MM-DD)').optional(),
  to: z.string().refine(validDay, 'is not a day (YYYY-MM-DD)').optional(),
});

/** The filters' rule across fields, for the filter schema and for schemas that extend it (the list adds a cursor). */
export function withActivityFilterRules<T extends z.ZodType<z.infer<typeof activityFilterFields>>>(schema: T) {
  return schema.refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'from is after to', path: ['from'] });
}

export const activityFilterSchema = withActivityFilterRules(activityFilterFields);
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

const blankOr = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]);

/**
 * The log page's filter form (web/src/features/activity): the filter's fields as typed (`''` for
 * none) with its rules; a range that ends before it starts is refused on From with the web's text
 * key. The page turns the values into an ActivityFilter (blanks left out, an e-mail in lower case).
 */
export const activityFilterFormSchema = z
  .object({
    action: blankOr(z.enum(ACTIVITY_ACTIONS)),
    actor: z.string().trim(),
    from: blankOr(z.string().refine(validDay, 'is not a day (YYYY-MM-DD)')),
    to: blankOr(z.string().refine(validDay, 'is not a day (YYYY-MM-DD)')),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'filter_from_after_to', path: ['from'] });
export type ActivityFilterFormValues = z.input<typeof activityFilterFormSchema>;
