/**
 * E-mails read on phones (issue 24, item 20): every template in both languages, rendered in headless
 * Chromium at 390 px (one browser for the whole file), fits without sideways scrolling; the HTML has
 * a viewport and the portal's colours; the reasons come before the call to action; and each e-mail's
 * link is the item it is about.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationParams, type NotificationType } from '../../../contracts/notifications';
import { LANGUAGES, type Language } from '../../../contracts/languages';
import { REJECTION_REASONS } from '../../../contracts/listings/model';
import { linkFor } from '../../../lambdas/notifications/record';
import { renderEmail } from '../../../lambdas/notifications/templates/render';
import { launchBrowser } from '../../support/browser';

const PHONE = 390;
const portalUrl = 'https://sellers.example.com';
/** A name with no place to break, as people do type them (issue 24, item 21). */
const LONG = 'Ａ'.repeat(3) + 'x'.repeat(117);

function samples(language: Language): { [T in NotificationType]: NotificationParams<T> } {
  const free = language === 'zh-TW' ? { reason: '營業登記已過期', note: '請附上背面照片', message: '請問下次撥款是什麼時候？' } : { reason: 'Business licence expired', note: 'Please add a photo of the back', message: 'When is my next payout?' };
  return {
    application_approved: { vendorId: 'V-10001', businessName: LONG },
    application_rejected: { businessName: LONG, reason: free.reason },
    product_approved: { productId: 'P-0123456789', productName: LONG },
    product_rejected: { productId: 'P-0123456789', productName: LONG, reasons: [...REJECTION_REASONS, free.note], note: free.note },
    product_changes_requested: { productId: 'P-0123456789', productName: LONG, note: free.note },
    payout_paid: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 123_456_789, feeCents: 100, paidCents: 123_456_689 },
    payout_failed: { payoutId: 'P-V-10001-2026-11-2', period: '2026-11-2', amountCents: 9_000, reason: 'destination_changed' },
    balance_rolled_over: { balanceCents: 4_999, minimumCents: 5_000, nextPayoutDate: '2026-12-15' },
    payout_method_changed: { method: 'bank', holdUntil: '2026-11-28T14:05:00.000Z' },
    password_changed: {},
    support_case_received: { caseId: 'SC-20261121-051912-7F3A', category: 'payouts_category', message: LONG },
    support_reply: { caseId: 'SC-20261121-051912-7F3A', message: LONG },
    team_invitation: { email: 'staff@example.com', businessName: LONG, role: 'inventory', invitedBy: 'owner@example.com', language, expiresAt: '2026-12-01T08:00:00.000Z' },
    team_member_changed: { change: 'role_changed', memberEmail: 'staff@example.com', role: 'finance', previousRole: 'inventory', by: 'owner@example.com' },
    stock_low: { productId: 'P-0123456789', productName: LONG, sku: '10001-0007', inventory: 3, threshold: 5 },
    security_mfa_off: { by: 'operations' },
    security_mfa_on: {},
  };
}

const emailOf = (type: NotificationType, language: Language) => {
  const params = samples(language)[type];
  const url = `${portalUrl}${linkFor(type, params)}`;
  return { url, ...renderEmail(type, params, language, { vendorName: LONG, portalUrl, url, signInUrl: `${portalUrl}/`, supportEmail: 'support@example.com' }) };
};

describe('e-mails on a phone (issue 24, item 20)', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: PHONE, height: 800 } })).newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('every template in both languages fits 390 px: one column, a viewport, the portal colours, reasons before the call to action', async () => {
    const wide: string[] = [];
    for (const language of LANGUAGES) {
      for (const type of NOTIFICATION_TYPES) {
        const email = emailOf(type, language);
        expect(email.html, `${type} ${language}`).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
        // The portal's brand green (web/src/styles.css --sp-brand), not another blue.
        expect(email.html, `${type} ${language}`).toContain('#1f6f43');
        await page.setContent(email.html, { waitUntil: 'load' });
        const layout = await page.evaluate(() => {
          const action = document.querySelector('[data-role="action"]');
          const list = document.querySelector('ul');
          return {
            width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
            actionAfterList: !list || !action ? null : Boolean(list.compareDocumentPosition(action) & Node.DOCUMENT_POSITION_FOLLOWING),
            lastBlockIsFooter: document.querySelector('[data-role="footer"]') !== null,
          };
        });
        if (layout.width > PHONE) wide.push(`${type} ${language}: ${layout.width}px`);
        if (layout.actionAfterList !== null) expect(layout.actionAfterList, `${type} ${language}: the list (reasons, figures) comes before the call to action`).toBe(true);
        expect(layout.lastBlockIsFooter).toBe(true);
      }
    }
    expect(wide).toEqual([]);
  }, 120_000);

  it('a rejection lists its reasons first, then what to do, then the button', async () => {
    for (const [language, todo] of [
      ['en', 'Edit the product and submit it for review again.'],
      ['zh-TW', '請修改商品後再次送審。'],
    ] as const) {
      const email = emailOf('product_rejected', language);
      const html = email.html;
      expect(html.indexOf('<ul'), language).toBeGreaterThan(0);
      expect(html.indexOf('<ul'), language).toBeLessThan(html.indexOf(todo));
      expect(html.indexOf(todo), language).toBeLessThan(html.indexOf('data-role="action"'));
      expect(email.text.indexOf('- '), language).toBeLessThan(email.text.indexOf(todo));
    }
  });

  it("links to the item it is about: the support case, not the dashboard", () => {
    for (const language of LANGUAGES) {
      expect(emailOf('support_case_received', language).url).toBe(`${portalUrl}/support/SC-20261121-051912-7F3A`);
      expect(emailOf('support_reply', language).url).toBe(`${portalUrl}/support/SC-20261121-051912-7F3A`);
      expect(emailOf('product_rejected', language).url).toBe(`${portalUrl}/products/P-0123456789/edit`);
      // Only a new vendor's welcome and the security notices that ask to sign in (no page is about them) lead to the dashboard.
      const general = ['application_approved', 'password_changed', 'security_mfa_off', 'security_mfa_on'];
      for (const type of NOTIFICATION_TYPES) if (!general.includes(type)) expect(linkFor(type, samples(language)[type]), type).not.toBe('/dashboard');
    }
  });
});
