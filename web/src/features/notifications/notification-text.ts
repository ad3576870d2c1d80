import type { TFunction } from 'i18next';
import type * as z from 'zod/mini';
import { notificationParams, type NotificationType } from '@contracts/notification-answers';
import type { NotificationView } from '@contracts/notification-answers';
import { REJECTION_REASONS } from '@contracts/listings/model';
import { productNameIn } from '@contracts/listings/names';
import { SUPPORT_CATEGORIES } from '@contracts/support/categories';
import type { Language } from '../../i18n/language';
import { isCalendarDay } from '@contracts/calendar-day';
import { formatDay, formatDayRange, formatMoney, formatInstant } from '../../lib/format';

/** What the list shows of one item: its title, its sentence, and for a rejection the reasons and the note. */
export interface NotificationText {
  title: string;
  body: string;
  /** product_rejected: each reason in the vendor's language (known codes translated, free text as written). */
  reasons?: string[];
  /** product_rejected: the reviewer's note, when there is one. */
  note?: string;
}

const isKnownReason = (reason: string): boolean => (REJECTION_REASONS as readonly string[]).includes(reason);
/** A rejection reason as the product pages say it (`rejection_<code>`), free text as the reviewer wrote it. */
export const reasonText = (t: TFunction, reason: string): string => (isKnownReason(reason) ? t(`rejection_${reason}`) : reason);

/** A payout period id `2026-11-2` (month, half) as its days: "Nov 16 – 30, 2026". */
function periodText(period: string, language: Language): string {
  const m = /^(\d{4})-(\d{2})-([12])$/.exec(period);
  if (!m) return period;
  const [, y, mm, half] = m as unknown as [string, string, string, string];
  const last = new Date(Date.UTC(Number(y), Number(mm), 0)).getUTCDate();
  return half === '1' ? formatDayRange(`${y}-${mm}-01`, `${y}-${mm}-15`, language) : formatDayRange(`${y}-${mm}-16`, `${y}-${mm}-${last}`, language);
}

/** When an item was created (or a hold ends): in the marketplace zone, labelled (lib/format.ts). */
export { formatInstant };

/**
 * The title and sentence of an inbox item, from its `type` and `params` (contracts/notifications.ts)
 * with the texts `notifications.<type>.title` / `.body`: money as US$ in the vendor's language,
 * rejection reasons as the product pages say them. Parameters that do not fit the type's contract
 * (an item from a newer server) get the generic title and no sentence, never a raw placeholder.
 * Times are in `timeZone`, the marketplace's (lib/marketplace.ts), with the zone named.
 */
export function notificationText(t: TFunction, language: Language, item: Pick<NotificationView, 'type' | 'params'>, timeZone: string | undefined): NotificationText {
  const parsed = notificationParams[item.type].safeParse(item.params);
  if (!parsed.success) return { title: t('notifications_unknown_title'), body: '' };
  const text = (values: Record<string, string>) => ({ title: t(`notifications.${item.type}.title`), body: t(`notifications.${item.type}.body`, values) });
  const money = (cents: number) => formatMoney(cents, language);
  const p = { type: item.type, params: parsed.data } as TypedParams;
  // A product by its name in the reader's language when it has one: the Chinese name in zh-TW (issue 24, item 19).
  const named = (q: { productName: string; productNameZh?: string }) => productNameIn({ nameEn: q.productName, nameZh: q.productNameZh }, language);
  switch (p.type) {
    case 'application_approved':
    case 'application_rejected':
    case 'support_reply':
      return text({ ...p.params });
    case 'product_approved':
    case 'product_changes_requested':
      return text({ ...p.params, productName: named(p.params) });
    case 'product_rejected':
      return { ...text({ productName: named(p.params) }), reasons: p.params.reasons.map((r) => reasonText(t, r)), ...(p.params.note ? { note: p.params.note } : {}) };
    case 'payout_paid':
      return text({ period: periodText(p.params.period, language), amount: money(p.params.amountCents), fee: money(p.params.feeCents), paid: money(p.params.paidCents) });
    case 'payout_failed':
      return text({ period: periodText(p.params.period, language), amount: money(p.params.amountCents), reason: p.params.reason });
    case 'balance_rolled_over': {
      const day = p.params.nextPayoutDate.slice(0, 10);
      return text({ balance: money(p.params.balanceCents), minimum: money(p.params.minimumCents), nextPayoutDate: isCalendarDay(day) ? formatDay(day, language) : p.params.nextPayoutDate });
    }
    case 'payout_method_changed':
      return text({
        method: t(`payout_method_${p.params.method}`),
        hold: p.params.holdUntil ? t('notifications_hold_until', { time: formatInstant(p.params.holdUntil, language, timeZone) }) : '',
      });
    case 'password_changed':
      return text({});
    case 'team_invitation':
      return text({ businessName: p.params.businessName, role: t(`team_role_${p.params.role}`), invitedBy: p.params.invitedBy });
    case 'team_member_changed':
      return {
        title: t(`notifications.${p.type}.title`),
        body: t(`notifications.team_member_changed.${p.params.change}`, {
          memberEmail: p.params.memberEmail,
          role: t(`team_role_${p.params.role}`),
          previousRole: p.params.previousRole ? t(`team_role_${p.params.previousRole}`) : '',
          by: p.params.by,
        }),
      };

    case 'stock_low':
      return text({ productName: named(p.params), sku: p.params.sku, inventory: String(p.params.inventory), threshold: String(p.params.threshold) });

    case 'security_mfa_on':
      return text({});
    case 'security_mfa_off':
      return text({ how: t(p.params.by === 'operations' ? 'notifications_mfa_off_by_operations' : 'notifications_mfa_off_by_you') });
    case 'support_case_received': {
      const category = (SUPPORT_CATEGORIES as readonly string[]).includes(p.params.category) ? t(p.params.category) : p.params.category;
      return text({ caseId: p.params.caseId, category, message: p.params.message });
    }
  }
}

type TypedParams = { [T in NotificationType]: { type: T; params: z.infer<(typeof notificationParams)[T]> } }[NotificationType];
