/**
 * The ops audit log (issue 13): one entry per action taken by marketplace staff, from the console or
 * the CLIs, written in the same DynamoDB transaction as the change it records (lambdas/audit/record.ts)
 * and never updated or deleted (the `audit` table's `append` grant, lib/data.ts). Declared once for the
 * server and the web. Plain zod; imports only the console's plain values (contracts/admin-values.ts).
 */
import * as z from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './admin-values';

/** What ops can do, as the log names it (contracts/admin-values.ts). */
export { AUDIT_ACTIONS };
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action is done to (contracts/admin-values.ts). */
export { AUDIT_TARGET_TYPES };
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A recorded value: before/after hold only the fields the action changed (status, commission rate, ...). */
export const auditValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]));
export type AuditValues = z.infer<typeof auditValuesSchema>;

export const auditEntrySchema = z.strictObject({
  auditId: z.string().min(1),
  /** When (UTC ISO-8601). */
  at: z.iso.datetime(),
  /** Who: the operator's user id (Cognito sub, or `cli:<login>` for a CLI) and e-mail. */
  actor: z.strictObject({ userId: z.string().min(1), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.strictObject({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().min(1) }),
  /** The vendor the target belongs to, when there is one (V-xxxxx; an applicant's user id before approval). */
  vendorId: z.string().nullable(),
  before: auditValuesSchema.nullable(),
  after: auditValuesSchema.nullable(),
  /** The reason given (a rejection, a failed confirmation, ...), else null. */
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/admin/audit` (docs/api.md): newest first, cursor-paged. */
export const auditPageSchema = z.strictObject({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string): boolean => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The audit log's filters (`GET /api/admin/audit` and `/api/admin/audit.csv` query): any combination of
 * an action, the operator's e-mail, a target (type and id together) and a range of UTC days (inclusive).
 */
export const auditFilterFields = z.strictObject({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().toLowerCase().min(1).max(254).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  from: z.string().refine(validDay, 'is not a day (YYYY-MM-DD)').optional(),
  to: z.string().refine(validDay, 'is not a day (YYYY-MM-DD)').optional(),
});

/** The filters' rules across fields, for the filter schema and for schemas that extend it (the list adds a cursor). */
export function withFilterRules<T extends z.ZodType<z.infer<typeof auditFilterFields>>>(schema: T) {
  return schema
    .refine((f) => (f.targetType === undefined) === (f.targetId === undefined), { message: 'a target needs both targetType and targetId', path: ['targetId'] })
    .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'from is after to', path: ['from'] });
}

export const auditFilterSchema = withFilterRules(auditFilterFields);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/**
 * The console's filter form: every field as typed ('' for none), the filters' rules said by the field
 * (the messages are the console's text keys); its output is the filter, as the query checks it.
 */
export const auditFilterFormSchema = z
  .strictObject({
    action: z.union([z.enum(AUDIT_ACTIONS), z.literal('')]),
    actor: z.string(),
    targetType: z.union([z.enum(AUDIT_TARGET_TYPES), z.literal('')]),
    targetId: z.string().trim(),
    from: z.string(),
    to: z.string(),
  })
  .refine((f) => (f.targetType === '') === (f.targetId === ''), { message: 'admin_audit_filter_target_incomplete', path: ['targetId'] })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'admin_audit_filter_range_reversed', path: ['from'] })
  .transform((f) => Object.fromEntries(Object.entries(f).filter(([, value]) => value.trim() !== '')))
  .pipe(auditFilterSchema);

/** The machine columns of the audit CSV, in order (docs/api.md). */
export const AUDIT_CSV_COLUMNS = ['at_utc', 'actor_email', 'actor_id', 'action', 'target_type', 'target_id', 'vendor_id', 'before', 'after', 'reason', 'audit_id'] as const;
