/**
 * The words of the CSV downloads (orders export, payout statement) in the vendor's language, and
 * which of the two column sets a download uses (docs/api.md, "CSV downloads"):
 *   - `vendor` (default): headers and labels in the vendor record's language, times in the
 *     marketplace zone (named in the header) with their UTC offset — for people and spreadsheets;
 *   - `machine` (`?format=machine`): fixed snake_case English column ids, the API's codes and
 *     ISO-8601 UTC times, whatever the vendor's language — for programs.
 * The server cannot import the web's i18n files, so the texts live here; test/lambdas/shared/csv-labels.test.ts
 * checks that zh-TW has every label and that shared words match what the web shows.
 */
import * as z from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/languages';

export const CSV_FORMATS = ['vendor', 'machine'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

/** `?format=`: absent or empty is `vendor`. */
export const csvFormatParam = z.preprocess((v) => (v === '' ? undefined : v), z.enum(CSV_FORMATS, { message: `must be ${CSV_FORMATS.join(' or ')}` }).optional());

const en = {
  // Orders export
  order_number: 'Order number',
  placed_at: 'Placed at ({{zone}})',
  status: 'Status',
  product: 'Product',
  sku: 'SKU',
  quantity: 'Quantity',
  unit_price: 'Unit price (USD)',
  line_total: 'Line total (USD)',
  order_total: 'Order total (USD)',
  order_status_pending: 'Pending',
  order_status_paid: 'Paid',
  order_status_fulfilled: 'Fulfilled',
  order_status_cancelled: 'Cancelled',
  // Payout statement
  line: 'Line',
  booked_at: 'Booked at ({{zone}})',
  reference: 'Reference',
  gross: 'Gross (USD)',
  commission: 'Commission (USD)',
  net: 'Net (USD)',
  entry_sale: 'Sale',
  entry_reversal: 'Cancellation',
  entry_adjustment: 'Order changed',
  entry_payout: 'Earlier payout',
  entry_payout_reversal: 'Failed payout returned',
  entry_unknown: 'Other',
  total_gross_sales: 'Gross sales',
  total_commission: 'Commission',
  total_adjustments: 'Cancellations and adjustments',
  total_carried_over: 'Carried over from earlier periods',
  total_transfer_fee: 'Transfer fee',
  total_paid_to_you: 'Paid to you',
  payout_status_pending: 'Pending',
  payout_status_paid: 'Paid',
  payout_status_failed: 'Failed (back on your balance)',
};

export type CsvLabel = keyof typeof en;

export const CSV_LABELS: Record<Language, Record<CsvLabel, string>> = {
  en,
  'zh-TW': {
    order_number: '訂單編號',
    placed_at: '下單時間（{{zone}}）',
    status: '狀態',
    product: '商品',
    sku: 'SKU',
    quantity: '數量',
    unit_price: '單價（USD）',
    line_total: '小計（USD）',
    order_total: '訂單總額（USD）',
    order_status_pending: '待處理',
    order_status_paid: '已付款',
    order_status_fulfilled: '已出貨',
    order_status_cancelled: '已取消',
    line: '項目',
    booked_at: '入帳時間（{{zone}}）',
    reference: '參考編號',
    gross: '銷售總額（USD）',
    commission: '佣金（USD）',
    net: '淨額（USD）',
    entry_sale: '銷售',
    entry_reversal: '取消訂單',
    entry_adjustment: '訂單變更',
    entry_payout: '先前撥款',
    entry_payout_reversal: '撥款失敗退回',
    entry_unknown: '其他',
    total_gross_sales: '銷售總額',
    total_commission: '佣金',
    total_adjustments: '取消與調整',
    total_carried_over: '前期結轉餘額',
    total_transfer_fee: '轉帳手續費',
    total_paid_to_you: '實付金額',
    payout_status_pending: '處理中',
    payout_status_paid: '已撥款',
    payout_status_failed: '失敗（已退回餘額）',
  },
};

/** The vendor record's language when it is one of ours, else English. */
export const csvLanguage = (language: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : DEFAULT_LANGUAGE);

/** A label in `language`, `{{zone}}` filled in. */
export function csvLabel(language: Language, key: CsvLabel, vars: { zone?: string } = {}): string {
  return CSV_LABELS[language][key].replace('{{zone}}', vars.zone ?? '');
}
