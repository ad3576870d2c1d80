/**
 * The bulk file's header row (issue 15), in the vendor's language: the export writes these, the
 * upload reads them (and the machine ids of BULK_COLUMNS, and either language whatever the vendor's).
 * The server cannot import the web's i18n files, so the texts live here (as lambdas/shared/csv-labels.ts).
 */
import type { BulkColumn } from '../../contracts/bulk-model';
import type { Language } from '../../contracts/languages';

export const BULK_HEADERS: Record<Language, Record<BulkColumn, string>> = {
  en: { sku: 'SKU', name: 'Product', price: 'Price (USD)', compare_at_price: 'Compare-at price (USD)', stock: 'Stock' },
  'zh-TW': { sku: 'SKU 貨號', name: '商品', price: '售價 (USD)', compare_at_price: '原價 (USD)', stock: '庫存' },
};

/** Every header a column is recognised by (besides its machine id): both languages' labels and a few common words. */
export const BULK_HEADER_LABELS: Record<BulkColumn, readonly string[]> = {
  sku: [BULK_HEADERS.en.sku, BULK_HEADERS['zh-TW'].sku, '貨號', '商品貨號'],
  name: [BULK_HEADERS.en.name, BULK_HEADERS['zh-TW'].name, 'Name', 'Product name', '商品名稱', '名稱'],
  price: [BULK_HEADERS.en.price, BULK_HEADERS['zh-TW'].price, 'Price', '價格', '售價'],
  compare_at_price: [BULK_HEADERS.en.compare_at_price, BULK_HEADERS['zh-TW'].compare_at_price, 'Compare at price', 'Compare-at price', '原價'],
  stock: [BULK_HEADERS.en.stock, BULK_HEADERS['zh-TW'].stock, 'Inventory', '庫存數量', '存貨'],
};
