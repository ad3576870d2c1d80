/**
 * The vendor activity log's actions and CSV columns (issue 14), without zod: the web's filter bar and
 * texts import these at once, the answer schemas (contracts/activity.ts) load with the first answer.
 * Imports nothing.
 */

/** What the log records, as it names it. The web translates each (activity_action_<action>). */
export const ACTIVITY_ACTIONS = [
  'product.submitted',
  'product.price_changed',
  'product.stock_changed',
  'payout_method.changed',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'member.joined',
  'mfa.enabled',
  'mfa.disabled',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * Where a change came from when it was not a single edit: `bulk_apply` / `bulk_undo`, the apply or
 * the undo of a bulk price and stock job (issue 15; the entry's `via.id` is the job id B-…). The web
 * says it under the entry's sentence (activity_via_<type>).
 */
export const ACTIVITY_VIA_TYPES = ['bulk_apply', 'bulk_undo'] as const;
export type ActivityViaType = (typeof ACTIVITY_VIA_TYPES)[number];

export const isActivityAction = (value: string): value is ActivityAction => (ACTIVITY_ACTIONS as readonly string[]).includes(value);

/** The machine columns of the activity CSV, in order (docs/api.md). */
export const ACTIVITY_CSV_COLUMNS = ['at', 'actor_email', 'actor_id', 'action', 'target_type', 'target_id', 'target_label', 'before', 'after', 'activity_id'] as const;

/** Entries a page of `GET /api/activity` holds unless `limit` says otherwise, and the most it may ask for. */
export const ACTIVITY_PAGE_DEFAULT = 25;
export const ACTIVITY_PAGE_MAX = 100;
