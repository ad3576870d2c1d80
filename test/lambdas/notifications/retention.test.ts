import { describe, expect, it } from 'vitest';
import { INBOX_RETENTION_MONTHS } from '../../../contracts/notification-answers';
import { inboxExpiry, inboxItemOf } from '../../../lambdas/notifications/record';
import { renderEmail } from '../../../lambdas/notifications/templates/render';

/** Issue 23: inbox items expire (DynamoDB TTL), and security e-mails name a support address only where one is set up. */
describe('inbox retention', () => {
  it('expires an item INBOX_RETENTION_MONTHS (12) calendar months after it was made, in epoch seconds', () => {
    expect(INBOX_RETENTION_MONTHS).toBe(12);
    expect(inboxExpiry('2026-11-28T10:15:00.000Z')).toBe(Date.UTC(2027, 10, 28, 10, 15) / 1000);
    // Leap day: the next year's 1 March (Date's own month arithmetic).
    expect(inboxExpiry('2028-02-29T00:00:00.000Z')).toBe(Date.UTC(2029, 2, 1) / 1000);
  });

  it('writes the expiry on every inbox item (the table\'s TTL attribute)', () => {
    const item = inboxItemOf({ vendorId: 'V-10001', type: 'password_changed', subject: 'S-1', params: {}, createdAt: '2026-11-28T10:15:00.000Z' });
    expect(item.expiresAt).toBe(inboxExpiry('2026-11-28T10:15:00.000Z'));
  });
});

describe('the support address in security e-mails', () => {
  const ctx = { vendorName: 'Harbor Fresh', portalUrl: 'https://sellers.example.com', url: 'https://sellers.example.com/settings', signInUrl: 'https://sellers.example.com/' };
  const text = (language: 'en' | 'zh-TW', supportEmail?: string) => {
    const email = renderEmail('password_changed', {}, language, supportEmail ? { ...ctx, supportEmail } : ctx);
    return `${email.text}`;
  };

  it('names the stack\'s supportEmail where it is set', () => {
    expect(text('en', 'help@example.org')).toContain('contact support right away: help@example.org');
    expect(text('zh-TW', 'help@example.org')).toContain('聯絡客服：help@example.org');
  });

  it('leaves the address out, never inventing one, where none is set (dev stages)', () => {
    expect(text('en')).toContain('Reset your password and contact support right away.');
    expect(text('en')).not.toContain('@example.com');
    expect(text('zh-TW')).toContain('並聯絡客服。');
  });
});
