import { afterAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../../contracts/notifications';
import { notificationText } from '../../../../web/src/features/notifications/notification-text';
import { i18n, switchLanguage } from '../../../../web/src/i18n/i18n';

/** Sample figures for every event (contracts/notifications.ts), as the notifier records them. */
const samples: Record<NotificationType, Record<string, unknown>> = {
  application_approved: { vendorId: 'V-10001', businessName: 'Golden Harvest Foods' },
  application_rejected: { businessName: 'Golden Harvest Foods', reason: 'Business licence unreadable' },
  product_approved: { productId: 'P-1', productName: 'Oolong Tea' },
  product_rejected: { productId: 'P-1', productName: 'Oolong Tea', reasons: ['image_background', 'Label is blurry'], note: 'Please retake the photo' },
  product_changes_requested: { productId: 'P-1', productName: 'Oolong Tea', note: 'Add the net weight' },
  payout_paid: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 123_456, feeCents: 100, paidCents: 123_356 },
  payout_failed: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 5_000, reason: 'account_closed' },
  balance_rolled_over: { balanceCents: 1_250, minimumCents: 2_500, nextPayoutDate: '2026-11-30' },
  payout_method_changed: { method: 'bank', holdUntil: '2026-11-27T08:00:00.000Z' },
  password_changed: {},
  support_case_received: { caseId: 'SC-20261120-000001-ABCD', category: 'payouts_category', message: 'When is my next payout?' },
  support_reply: { caseId: 'SC-20261120-000001-ABCD', message: 'On the 30th.' },
  team_invitation: { email: 'staff@example.com', businessName: 'Golden Harvest Foods', role: 'inventory', invitedBy: 'owner@example.com', language: 'en', expiresAt: '2026-12-01T08:00:00.000Z' },
  team_member_changed: { change: 'role_changed', memberEmail: 'staff@example.com', role: 'finance', previousRole: 'inventory', by: 'owner@example.com' },

  stock_low: { productId: 'P-1', productName: 'Oolong Tea', sku: '10001-0007', inventory: 3, threshold: 5 },

  security_mfa_off: { by: 'operations' },
  security_mfa_on: {},
};
/** Words of the figures themselves (names, ids, free text), which stay as written in every language. */
const FIGURE_WORDS = /Golden Harvest Foods|Business licence unreadable|Oolong Tea|Label is blurry|Please retake the photo|Add the net weight|account_closed|When is my next payout\?|[\w.]+@example\.com|On the 30th\.|SC-[\w-]+|V-10001|US\$/g;

afterAll(async () => {
  await switchLanguage('en');
});

describe('notification texts', () => {
  it.each(['en', 'zh-TW'] as const)('every event has a title and a sentence in %s, with its figures and no raw key or placeholder', async (language) => {
    await switchLanguage(language);
    for (const type of NOTIFICATION_TYPES) {
      const text = notificationText(i18n.t, language, { type, params: samples[type] }, 'America/Los_Angeles');
      const all = [text.title, text.body, ...(text.reasons ?? []), text.note ?? ''].join(' ');
      expect(text.title, type).not.toBe('');
      expect(text.body, type).not.toBe('');
      expect(all, type).not.toMatch(/\{\{|\}\}|notifications\.|notifications_|rejection_/);
      if (language === 'zh-TW') expect(all.replace(FIGURE_WORDS, ''), `${type}: English left in zh-TW`).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('formats the figures: US$ amounts, the period as its days, the hold, the translated reason', async () => {
    await switchLanguage('en');
    const t = i18n.t;
    expect(notificationText(t, 'en', { type: 'payout_paid', params: samples.payout_paid }, 'America/Los_Angeles').body).toMatch(/^Your payout for Nov 16\s*–\s*30, 2026 was sent: \$1,234\.56 less a \$1\.00 fee, \$1,233\.56 paid\.$/);
    expect(notificationText(t, 'en', { type: 'balance_rolled_over', params: samples.balance_rolled_over }, 'America/Los_Angeles').body).toContain('$12.50 is below the $25.00 minimum');
    expect(notificationText(t, 'en', { type: 'payout_method_changed', params: samples.payout_method_changed }, 'America/Los_Angeles').body).toMatch(/^Your payout method was changed to Bank account\. Payouts are held until Nov 27, 2026, .+\. Not you\?/);
    expect(notificationText(t, 'en', { type: 'payout_method_changed', params: { method: 'email' } }, 'America/Los_Angeles').body).toBe('Your payout method was changed to E-mail payout. Not you? Contact support at once.');
    expect(notificationText(t, 'en', { type: 'support_case_received', params: samples.support_case_received }, 'America/Los_Angeles').body).toContain('(Payouts)');
    expect(notificationText(t, 'en', { type: 'product_rejected', params: samples.product_rejected }, 'America/Los_Angeles')).toMatchObject({
      reasons: [i18n.t('rejection_image_background'), 'Label is blurry'],
      note: 'Please retake the photo',
    });
    await switchLanguage('zh-TW');
    expect(notificationText(i18n.t, 'zh-TW', { type: 'payout_paid', params: samples.payout_paid }, 'America/Los_Angeles').body).toContain('US$1,234.56');
  });

  it('calls a product by its Chinese name in zh-TW when it has one (issue 24, item 19)', async () => {
    const names = { productId: 'P-1', productName: 'Oolong Tea', productNameZh: '烏龍茶' };
    const items = [
      { type: 'product_approved' as const, params: names },
      { type: 'product_rejected' as const, params: { ...names, reasons: ['image_background'] } },
      { type: 'product_changes_requested' as const, params: { ...names, note: '請補上淨重' } },
      { type: 'stock_low' as const, params: { ...names, sku: '10001-0001', inventory: 2, threshold: 5 } },
    ];
    await switchLanguage('zh-TW');
    for (const item of items) {
      const text = notificationText(i18n.t, 'zh-TW', item, 'America/Los_Angeles');
      expect(`${text.title} ${text.body}`, item.type).toContain('烏龍茶');
      expect(`${text.title} ${text.body}`, item.type).not.toContain('Oolong Tea');
    }
    await switchLanguage('en');
    for (const item of items) expect(notificationText(i18n.t, 'en', item, 'America/Los_Angeles').body, item.type).toContain('Oolong Tea');
  });

  it('says who turned two-step sign-in off (issue 14), in both languages', async () => {
    await switchLanguage('en');
    expect(notificationText(i18n.t, 'en', { type: 'security_mfa_off', params: { by: 'vendor' } }, 'America/Los_Angeles').body).toMatch(/^Two-step verification was turned off for your account\. You now sign in with your password alone\./);
    expect(notificationText(i18n.t, 'en', { type: 'security_mfa_off', params: { by: 'operations' } }, 'America/Los_Angeles').body).toMatch(/^At your request, marketplace operations turned off/);
    await switchLanguage('zh-TW');
    expect(notificationText(i18n.t, 'zh-TW', { type: 'security_mfa_off', params: { by: 'operations' } }, 'America/Los_Angeles')).toEqual({ title: '兩步驟驗證已關閉', body: expect.stringMatching(/^應您的要求，平台營運人員已關閉/) });
  });

  it('figures that do not fit the event give the generic title, never a placeholder', async () => {
    await switchLanguage('en');
    expect(notificationText(i18n.t, 'en', { type: 'payout_paid', params: { amountCents: 'a lot' } }, 'America/Los_Angeles')).toEqual({ title: 'Notification', body: '' });
  });
});
