import type { TFunction } from 'i18next';
import type { Language } from '../../i18n/language';
import { formatCount, formatMoney } from '../../lib/format';
import type { ActivityEntry } from './api/get-activity';

type Values = NonNullable<ActivityEntry['before']>;
type Value = Values[string] | undefined;

const ROLES = ['owner', 'manager', 'inventory', 'finance'] as const;

/**
 * The sentence of an entry in the vendor's language, from its action, target and before/after
 * (contracts/activity.ts): "Changed the price of Jasmine Rice 1 kg: $12.00 → $11.50". Money is
 * integer cents, shown as US$ in the vendor's language; a value the entry does not carry is "none".
 * An entry from a newer server whose values do not fit says its action's name, never a raw value.
 */
export function activityText(t: TFunction, language: Language, entry: ActivityEntry): string {
  const before: Values = entry.before ?? {};
  const after: Values = entry.after ?? {};
  const none = t('activity_none');
  const product = entry.target?.label ?? entry.target?.id ?? '';
  const member = entry.target?.label ?? entry.target?.id ?? '';
  const money = (v: Value) => (typeof v === 'number' ? formatMoney(v, language) : none);
  const count = (v: Value) => (typeof v === 'number' ? formatCount(v, language) : none);
  const role = (v: Value) => (typeof v === 'string' && (ROLES as readonly string[]).includes(v) ? t(`team_role_${v as (typeof ROLES)[number]}`) : typeof v === 'string' ? v : none);
  const method = (values: Values) => {
    const destination = typeof values.destination === 'string' ? values.destination : '';
    if (values.method === 'bank') return t('activity_payout_bank', { destination });
    if (values.method === 'email') return t('activity_payout_email', { destination });
    return none;
  };

  switch (entry.action) {
    case 'product.submitted':
      return t('activity_text_product_submitted', { product });
    case 'product.price_changed':
      if ('compareAtCents' in after || 'compareAtCents' in before) {
        return t('activity_text_compare_at_changed', { product, before: money(before.compareAtCents), after: money(after.compareAtCents) });
      }
      return t('activity_text_price_changed', { product, before: money(before.priceCents), after: money(after.priceCents) });
    case 'product.stock_changed':
      if (typeof after.outOfStock === 'boolean') return t(after.outOfStock ? 'activity_text_out_of_stock' : 'activity_text_back_in_stock', { product });
      return t('activity_text_stock_changed', { product, before: count(before.inventory), after: count(after.inventory) });
    case 'payout_method.changed':
      return entry.before ? t('activity_text_payout_method_changed', { before: method(before), after: method(after) }) : t('activity_text_payout_method_set', { after: method(after) });
    case 'member.invited':
      return after.role ? t('activity_text_member_invited_as', { member, role: role(after.role) }) : t('activity_text_member_invited', { member });
    case 'member.role_changed':
      return t('activity_text_member_role_changed', { member, before: role(before.role), after: role(after.role) });
    case 'member.removed':
      return t('activity_text_member_removed', { member });
    case 'member.joined':
      return t('activity_text_member_joined', { member: member || entry.actor.email });
    case 'mfa.enabled':
      return t('activity_text_mfa_enabled');
    case 'mfa.disabled':
      return t('activity_text_mfa_disabled');
  }
}

/**
 * Where a change came from when it was not a single edit, or null: "By the bulk change B-…" /
 * "By undoing the bulk change B-…" (an entry's `via`, issue 15's bulk apply and undo).
 */
export function activityViaText(t: TFunction, entry: ActivityEntry): string | null {
  if (!entry.via) return null;
  return entry.via.type === 'bulk_undo' ? t('activity_via_bulk_undo', { job: entry.via.id }) : t('activity_via_bulk_apply', { job: entry.via.id });
}
