import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@contracts/admin-values';
import type { AuditAction, AuditFilter, AuditTargetType } from '@contracts/audit';

export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES };

/** The filter as the API's query string (`action=…&actor=…`; '' for none), in a fixed order. */
export function auditQuery(filter: AuditFilter): string {
  const params = new URLSearchParams();
  for (const key of ['action', 'actor', 'targetType', 'targetId', 'from', 'to'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The filter a page's URL holds: unknown actions, half a target or a bad day are left out. */
export function parseAuditFilter(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  const action = params.get('action');
  if (action && (AUDIT_ACTIONS as readonly string[]).includes(action)) filter.action = action as AuditAction;
  const actor = params.get('actor')?.trim().toLowerCase();
  if (actor) filter.actor = actor;
  const targetType = params.get('targetType');
  const targetId = params.get('targetId')?.trim();
  if (targetType && targetId && (AUDIT_TARGET_TYPES as readonly string[]).includes(targetType)) {
    filter.targetType = targetType as AuditTargetType;
    filter.targetId = targetId;
  }
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))) filter[key] = day;
  }
  if (filter.from && filter.to && filter.from > filter.to) delete filter.from;
  return filter;
}

/** Writes the filter over the URL's parameters (the page's other parameters are kept). */
export function canonicalAuditParams(filter: AuditFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['action', 'actor', 'targetType', 'targetId', 'from', 'to']) next.delete(key);
  for (const [key, value] of new URLSearchParams(auditQuery(filter))) next.set(key, value);
  return next;
}

/** The text key of an action (admin.en.json): i18next reads dots as nesting, so `vendor.approved` → `admin_audit_action_vendor_approved`. */
export const auditActionKey = (action: AuditAction): string => `admin_audit_action_${action.replace('.', '_')}`;
