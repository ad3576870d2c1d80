import { ACTIVITY_CSV_COLUMNS, type ActivityEntry } from '../../contracts/activity';
import { BOM, csvRow } from '../orders/csv';
import { marketplaceDay, zonedDateTime } from '../shared/dates';

/**
 * The activity log as CSV (GET /api/activity.csv): for the vendor's records and their tools, so fixed
 * English column ids (contracts/activity-actions.ts, docs/api.md), times as ISO-8601 in the
 * marketplace zone with their UTC offset (`2026-11-20T02:00:00-08:00`: the clock the page shows, and
 * still one exact instant for a program; issue 24, item 14), the action codes as stored and
 * before/after as JSON (money in integer cents); RFC 4180 with a BOM and formula guarding, as every
 * CSV of the portal.
 */
export const activityCsvHeader = (): string => BOM + csvRow([...ACTIVITY_CSV_COLUMNS]);

const json = (values: ActivityEntry['before']): string => (values ? JSON.stringify(values) : '');

export function activityCsvRow(e: ActivityEntry): string {
  return csvRow([zonedDateTime(e.at), e.actor.email, e.actor.userId, e.action, e.target?.type ?? '', e.target?.id ?? '', e.target?.label ?? '', json(e.before), json(e.after), e.activityId]);
}

export const activityFileName = (vendorId: string, day: string): string => `activity-${vendorId}-${day}.csv`;

/** Today's file name: the day is the marketplace's, as in the orders export. */
export const activityFileNameNow = (vendorId: string, now: Date = new Date()): string => activityFileName(vendorId, marketplaceDay(now));
