import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../contracts/languages';
import { CSV_LABELS, csvLabel, csvLanguage, type CsvLabel } from '../../../lambdas/shared/csv-labels';
import { ORDER_STATUSES } from '../../../lambdas/sales/model';
import { PAYOUT_STATUSES } from '../../../lambdas/payouts/model';
import en from '../../../web/src/i18n/en.json';
import zhTW from '../../../web/src/i18n/zh-TW.json';

const web = { en: en as Record<string, string>, 'zh-TW': zhTW as Record<string, string> };
const keys = Object.keys(CSV_LABELS.en) as CsvLabel[];

describe('CSV labels (server-side translations of the CSV downloads)', () => {
  it('every language has every label, non-empty, with the same placeholders', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(CSV_LABELS[language]).sort(), language).toEqual([...keys].sort());
      for (const key of keys) {
        const text = CSV_LABELS[language][key];
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(text.includes('{{zone}}'), `${language} ${key} names the zone`).toBe(CSV_LABELS.en[key].includes('{{zone}}'));
      }
    }
  });

  it('zh-TW is translated (only the SKU abbreviation stays as it is)', () => {
    expect(keys.filter((k) => CSV_LABELS['zh-TW'][k] === CSV_LABELS.en[k])).toEqual(['sku']);
  });

  it('says statuses and payout lines with the words the portal shows', () => {
    for (const language of LANGUAGES) {
      for (const s of ORDER_STATUSES) expect(csvLabel(language, `order_status_${s}`)).toBe(web[language][`order_status_${s}`]);
      for (const s of PAYOUT_STATUSES) expect(csvLabel(language, `payout_status_${s}`)).toBe(web[language][`payout_status_${s}`]);
      expect(csvLabel(language, 'total_gross_sales')).toBe(web[language].payout_gross_sales);
      expect(csvLabel(language, 'total_commission')).toBe(web[language].payout_commission);
      expect(csvLabel(language, 'total_adjustments')).toBe(web[language].payout_adjustments);
      expect(csvLabel(language, 'total_carried_over')).toBe(web[language].payout_carried_over);
      expect(csvLabel(language, 'total_transfer_fee')).toBe(web[language].payout_fee);
      expect(csvLabel(language, 'total_paid_to_you')).toBe(web[language].paid_to_you);
    }
  });

  it('fills in the zone, and falls back to English for a language it does not know', () => {
    expect(csvLabel('zh-TW', 'placed_at', { zone: 'Asia/Taipei' })).toBe('下單時間（Asia/Taipei）');
    expect(csvLanguage('zh-TW')).toBe('zh-TW');
    expect(csvLanguage('fr')).toBe('en');
    expect(csvLanguage(undefined)).toBe('en');
  });
});
