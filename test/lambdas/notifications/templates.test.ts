import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationParams, type NotificationType } from '../../../contracts/notifications';
import { LANGUAGES, type Language } from '../../../contracts/languages';
import { REJECTION_REASONS } from '../../../contracts/listings/model';
import { SUPPORT_CATEGORIES } from '../../../contracts/support/categories';
import { instant, usd } from '../../../lambdas/notifications/templates/format';
import { renderEmail } from '../../../lambdas/notifications/templates/render';
import { rejectionReasonTexts, supportCategoryTexts } from '../../../lambdas/notifications/templates/texts';
import en from '../../../web/src/i18n/en.json';
import zhTW from '../../../web/src/i18n/zh-TW.json';

const ctx = {
  vendorName: 'Harbor Fresh',
  portalUrl: 'https://sellers.example.com',
  url: 'https://sellers.example.com/payouts?payout=P-V-10001-2026-11-2',
  signInUrl: 'https://sellers.example.com/',
  supportEmail: 'support@example.com',
};

/** Sample figures per event; free text (what people wrote) in the vendor's language. */
function samples(language: Language): { [T in NotificationType]: NotificationParams<T> } {
  const free = language === 'zh-TW' ? { reason: '營業登記已過期', note: '請附上背面照片', message: '請問下次撥款是什麼時候？' } : { reason: 'Business licence expired', note: 'Please add a photo of the back', message: 'When is my next payout?' };
  return {
    application_approved: { vendorId: 'V-10001', businessName: 'Harbor Fresh' },
    application_rejected: { businessName: 'Harbor Fresh', reason: free.reason },
    product_approved: { productId: 'P-0123456789', productName: 'Sea Salt' },
    product_rejected: { productId: 'P-0123456789', productName: 'Sea Salt', reasons: [...REJECTION_REASONS, free.note], note: free.note },
    product_changes_requested: { productId: 'P-0123456789', productName: 'Sea Salt', note: free.note },
    payout_paid: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 123_456, feeCents: 100, paidCents: 123_356 },
    payout_failed: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 9_000, reason: 'destination_changed' },
    balance_rolled_over: { balanceCents: 4_999, minimumCents: 5_000, nextPayoutDate: '2026-12-15' },
    payout_method_changed: { method: 'bank', holdUntil: '2026-11-28T14:05:00.000Z' },
    password_changed: {},
    support_case_received: { caseId: 'SC-20261121-051912-7F3A', category: 'payouts_category', message: free.message },
    support_reply: { caseId: 'SC-20261121-051912-7F3A', message: free.message },
    team_invitation: { email: 'staff@example.com', businessName: 'Harbor Fresh', role: 'inventory', invitedBy: 'owner@example.com', language, expiresAt: '2026-12-01T08:00:00.000Z' },
    team_member_changed: { change: 'role_changed', memberEmail: 'staff@example.com', role: 'finance', previousRole: 'inventory', by: 'owner@example.com' },

    stock_low: { productId: 'P-0123456789', productName: 'Sea Salt', sku: '10001-0007', inventory: 3, threshold: 5 },

    security_mfa_off: { by: 'operations' },
    security_mfa_on: {},
  };
}

/** English words in a row (3+), outside URLs, e-mail addresses and ids. */
const englishRun = /\b[A-Za-z]{2,}(?:[ ,'-]+[A-Za-z]{2,}){2,}\b/;
const withoutUrls = (s: string) => s.replace(/https?:\/\/\S+/g, '').replace(/\S+@\S+/g, '');

describe('e-mail templates', () => {
  for (const language of LANGUAGES) {
    for (const type of NOTIFICATION_TYPES) {
      it(`${type} in ${language}: subject, text and HTML with the figures, no raw keys, no undefined`, () => {
        const params = samples(language)[type];
        const email = renderEmail(type, params, language, ctx);
        for (const part of [email.subject, email.text, email.html]) {
          expect(part.trim()).not.toBe('');
          expect(part).not.toMatch(/undefined|null|NaN|\[object Object\]|\{\{|\}\}/);
          // No code shown raw: rejection reasons, support categories, payout failure reasons, event types.
          for (const code of [...REJECTION_REASONS, ...SUPPORT_CATEGORIES, 'destination_changed', type]) expect(part).not.toContain(code);
        }
        expect(email.html).toContain(`<html lang="${language}">`);
        expect(email.text).toContain(ctx.url);
        if (language === 'zh-TW') {
          for (const line of withoutUrls(`${email.subject}\n${email.text}`).split('\n')) expect(line, line).not.toMatch(englishRun);
        }
      });
    }
  }

  it('shows times in the marketplace zone with its name, as the portal does (issue 24, item 14)', () => {
    // 14:05Z on Nov 28 is 6:05 AM in Los Angeles (the tests' marketplace zone, PST).
    expect(instant('2026-11-28T14:05:00.000Z', 'en')).toBe('Nov 28, 2026, 6:05 AM PST');
    expect(instant('2026-11-28T14:05:00.000Z', 'zh-TW')).toBe('2026年11月28日 上午6:05（太平洋標準時間）');
    // 07:30Z on Nov 28 is still Nov 27 there: the day is the marketplace's, not UTC's.
    expect(instant('2026-11-28T07:30:00.000Z', 'en')).toBe('Nov 27, 2026, 11:30 PM PST');
    expect(instant('2026-11-28T07:30:00.000Z', 'en', 'Asia/Taipei')).toBe('Nov 28, 2026, 3:30 PM GMT+8');
    const held = renderEmail('payout_method_changed', { method: 'bank', holdUntil: '2026-11-28T14:05:00.000Z' }, 'en', ctx);
    expect(held.text).toContain('held until Nov 28, 2026, 6:05 AM PST.');
  });

  it('shows US$ amounts from integer cents with thousands separators', () => {
    expect(usd(123_456)).toBe('US$1,234.56');
    expect(usd(5)).toBe('US$0.05');
    expect(usd(-100)).toBe('-US$1.00');
    const paid = renderEmail('payout_paid', samples('en').payout_paid, 'en', ctx);
    expect(paid.subject).toBe('Payout sent: US$1,233.56');
    expect(paid.text).toContain('Balance paid out: US$1,234.56');
    expect(paid.text).toContain('Transfer fee: US$1.00');
    expect(paid.text).toContain('Nov 16 – Nov 30, 2026');
    const zh = renderEmail('payout_paid', samples('zh-TW').payout_paid, 'zh-TW', ctx);
    expect(zh.text).toContain('實收金額：US$1,233.56');
    expect(zh.text).toContain('2026年11月16日至2026年11月30日');
  });

  it('translates every rejection reason code, as the web does, and keeps free text as written', () => {
    for (const code of REJECTION_REASONS) {
      expect(rejectionReasonTexts.en[code]).toBe((en as Record<string, string>)[`rejection_${code}`]);
      expect(rejectionReasonTexts['zh-TW'][code]).toBe((zhTW as Record<string, string>)[`rejection_${code}`]);
    }
    for (const code of SUPPORT_CATEGORIES) {
      expect(supportCategoryTexts.en[code]).toBe((en as Record<string, string>)[code]);
      expect(supportCategoryTexts['zh-TW'][code]).toBe((zhTW as Record<string, string>)[code]);
    }
    const email = renderEmail('product_rejected', { productId: 'P-0123456789', productName: 'Sea Salt', reasons: ['image_background', 'Label is blurry'] }, 'zh-TW', ctx);
    expect(email.text).toContain('- 主圖背景須為純白色。');
    expect(email.text).toContain('- Label is blurry');
  });

  it('escapes what people wrote in the HTML body', () => {
    const email = renderEmail('support_case_received', { caseId: 'SC-1', category: 'report_bug', message: '<script>alert(1)</script>' }, 'en', ctx);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
  });

  it('calls the product by its Chinese name in zh-TW when it has one, by its English name in English (issue 24, item 19)', () => {
    const names = { productId: 'P-0123456789', productName: 'Jasmine Tea', productNameZh: '茉莉花茶' };
    const cases = [
      ['product_approved', names],
      ['product_rejected', { ...names, reasons: ['image_background'] }],
      ['product_changes_requested', { ...names, note: '請附上背面照片' }],
      ['stock_low', { ...names, sku: '10001-0007', inventory: 3, threshold: 5 }],
    ] as const;
    for (const [type, params] of cases) {
      const zh = renderEmail(type, params, 'zh-TW', ctx);
      expect(zh.subject, type).toContain('茉莉花茶');
      expect(zh.text, type).toContain('茉莉花茶');
      expect(zh.text, type).not.toContain('Jasmine Tea');
      const english = renderEmail(type, params, 'en', ctx);
      expect(english.subject, type).toContain('Jasmine Tea');
      expect(english.text, type).not.toContain('茉莉花茶');
    }
    // No Chinese name: the English one, as before.
    expect(renderEmail('product_approved', { productId: 'P-1', productName: 'Sea Salt' }, 'zh-TW', ctx).subject).toContain('Sea Salt');
  });

  it('says security notices cannot be turned off, and others how to change preferences', () => {
    expect(renderEmail('password_changed', {}, 'en', ctx).text).toContain('cannot be turned off');
    expect(renderEmail('payout_method_changed', { method: 'email' }, 'zh-TW', ctx).text).toContain('無法關閉');
    expect(renderEmail('product_approved', samples('en').product_approved, 'en', ctx).text).toContain('notification settings');
  });
});
