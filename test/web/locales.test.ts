import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('en and zh-TW have exactly the same keys', () => {
    const enKeys = Object.keys(en).sort();
    const zhKeys = Object.keys(zhTW).sort();
    expect(zhKeys.filter((k) => !enKeys.includes(k)), 'keys only in zh-TW').toEqual([]);
    expect(enKeys.filter((k) => !zhKeys.includes(k)), 'keys missing from zh-TW').toEqual([]);
  });

  it('every text is non-empty and uses the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      const other = (zhTW as Record<string, string>)[key] ?? '';
      expect(text.trim(), `en ${key}`).not.toBe('');
      expect(other.trim(), `zh-TW ${key}`).not.toBe('');
      expect(placeholders(other), `placeholders of ${key}`).toEqual(placeholders(text));
    }
  });

  it("uses the spec's keys and English texts", () => {
    expect(en).toMatchObject({
      checking_authentication: 'Checking authentication...',
      redirecting_to_login: 'Redirecting to login...',
      passwords_do_not_match: 'Passwords do not match.',
      please_select_category: 'Please select a category',
      please_enter_message: 'Please enter a message',
      add_remove_product: 'Add/Remove a product',
      payouts_category: 'Payouts',
      title_image_description_update: 'Title/image/description update',
      send_product_to_warehouse: 'Send product to the marketplace warehouse',
      inventory_category: 'Inventory',
      ask_question: 'Ask a question',
      suggest_improvement: 'Suggest an improvement',
      report_bug: 'Report a bug',
      saving: 'Saving...',
    });
    expect(en.update_email_tooltip).toMatch(/support/i);
  });

  it('zh-TW is actually translated where the texts are not names', () => {
    const same = Object.keys(en).filter((k) => (en as Record<string, string>)[k] === (zhTW as Record<string, string>)[k]);
    expect(same.sort()).toEqual(['language_name_en', 'language_name_zh_TW']);
  });
});
