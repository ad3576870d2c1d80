import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OVERVIEW_QUEUES } from '../../../contracts/admin';
import { PRODUCT_TABS, REJECTION_REASONS, REVISION_STATES } from '../../../contracts/listings/model';
import { ALLERGENS } from '../../../contracts/listings/schema';
import { PAYOUT_STATUSES } from '../../../lambdas/payouts/model';
import { NOTIFICATION_TYPES, OPTIONAL_CATEGORIES } from '../../../contracts/notifications';
import { WIZARD_STEPS } from '../../../web/src/features/payouts/payout-form';
import adminEn from '../../../web/src/i18n/admin.en.json';
import adminZhTW from '../../../web/src/i18n/admin.zh-TW.json';
import mainEn from '../../../web/src/i18n/en.json';
import mainZhTW from '../../../web/src/i18n/zh-TW.json';
import { keyUses, templatePattern } from '../locale-usage';
import { productValueKey } from '../../../web/src/lib/product-labels';

/**
 * Every text of a language: the portal's namespace (en.json, zh-TW.json: `translation`) and the ops
 * console's (admin.<language>.json: `admin`, loaded with the console's chunk, issue 13). The code looks
 * its keys up in either, so the checks below read them together; the namespaces must not share a key.
 */
const en: Record<string, string> = { ...mainEn, ...adminEn };
const zhTW: Record<string, string> = { ...mainZhTW, ...adminZhTW };

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
      const other = zhTW[key] ?? '';
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

  it('the ops console namespace has only admin_ keys, none of them also in the portal namespace', () => {
    for (const [admin, main] of [
      [adminEn, mainEn],
      [adminZhTW, mainZhTW],
    ] as const) {
      expect(Object.keys(admin).filter((k) => !k.startsWith('admin_') || k in main)).toEqual([]);
    }
    expect(Object.keys(mainEn).filter((k) => k.startsWith('admin_'))).toEqual([]);
  });

  it.each(['en', 'zh-TW', 'admin.en', 'admin.zh-TW'])('%s.json defines each key once (JSON keeps the last of a repeated key silently)', (language) => {
    const text = readFileSync(join(__dirname, `../../../web/src/i18n/${language}.json`), 'utf8');
    const keys = [...text.matchAll(/^\s*"([^"]+)"\s*:/gm)].map((m) => m[1]!);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  describe('keys the code uses', () => {
    const webSrc = join(__dirname, '../../../web/src');
    const uses = keyUses(webSrc);
    const locales = { en, 'zh-TW': zhTW };

    it('finds the calls it checks (the scanner itself works)', () => {
      expect(uses.keys.length).toBeGreaterThan(300);
      expect(uses.keys).toContainEqual({ key: 'payout_details_title', file: 'features/payouts/payout-details-dialog.tsx' });
      expect(uses.patterns.map((p) => p.template)).toContain('payout_status_${p.status}');
    });

    it.each(Object.keys(locales))('every literal key used in web/src is defined in %s', (language) => {
      const texts = locales[language as keyof typeof locales];
      const missing = uses.keys.filter((u) => !(u.key in texts)).map((u) => `${u.key} (${u.file})`);
      expect([...new Set(missing)].sort()).toEqual([]);
    });

    it.each(Object.keys(locales))('every template key used in web/src matches keys of %s', (language) => {
      const keys = Object.keys(locales[language as keyof typeof locales]);
      const unmatched = uses.patterns.filter((u) => !keys.some((k) => u.pattern.test(k))).map((u) => `${u.template} (${u.file})`);
      expect(unmatched).toEqual([]);
    });

    // Families whose values the code knows: every value has its text, not just some.
    const families: [string, readonly string[]][] = [
      ['payout_status_${p.status}', PAYOUT_STATUSES],
      ['product_status_${row.status}', PRODUCT_TABS],
      ['tab_${id}', PRODUCT_TABS],
      ['tab_intro_${tab}', PRODUCT_TABS],
      ['no_products_${tab}', PRODUCT_TABS],
      ['no_products_${tab}_hint', PRODUCT_TABS],
      ['products_table_caption_${tab}', PRODUCT_TABS],
      ['revision_note_${revision.state}', REVISION_STATES],
      ['rejection_${reason}', REJECTION_REASONS],
      ['wizard_step_${step}', WIZARD_STEPS],
      ['account_type_${type}', ['business', 'personal']],
      ['payout_method_${current.method}', ['email', 'bank']],
      ['admin_queue_${key}', OVERVIEW_QUEUES],
      // Issue 12: every notification's title and sentence, every switchable e-mail category.
      ['notifications.${item.type}.title', NOTIFICATION_TYPES],
      ['notifications.${item.type}.body', NOTIFICATION_TYPES],
      ['notification_category_${c}', OPTIONAL_CATEGORIES],
    ];
    it('every allergen has its name in both languages (the form and the console name them through lib/product-labels.ts)', () => {
      const keys = ALLERGENS.map((a) => productValueKey('allergens', a));
      for (const texts of Object.values(locales)) expect(keys.filter((k) => !(k in texts))).toEqual([]);
    });
    it.each(families)('%s has a text for every value in both languages', (template, values) => {
      expect(uses.patterns.map((p) => p.template), 'the code still uses this template').toContain(template);
      const keys = values.map((v) => template.replace(/\$\{[^}]*\}/, v));
      for (const texts of Object.values(locales)) expect(keys.filter((k) => !(k in texts))).toEqual([]);
      expect(keys.every((k) => templatePattern(template).test(k))).toBe(true);
    });
  });

  it('zh-TW is actually translated where the texts are not names', () => {
    const same = Object.keys(en).filter((k) => en[k] === zhTW[k]);
    expect(same.sort()).toEqual(['language_name_en', 'language_name_zh_TW']);
  });
});
