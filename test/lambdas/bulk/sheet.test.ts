import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { BULK_MAX_ROWS } from '../../../contracts/bulk-model';
import { compareAtCell, decodeSheet, parseSheet, planRows, priceCell, SheetError, stockCell, type CatalogueProduct } from '../../../lambdas/bulk/sheet';

const product = (sku: string, over: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  productId: `P-${sku.replace(/\D/g, '').padStart(10, '0')}`,
  sku,
  nameEn: `Product ${sku}`,
  nameZh: `商品 ${sku}`,
  priceCents: 1000,
  compareAtCents: 1500,
  inventory: 20,
  version: 3,
  ...over,
});
const catalogue = (...products: CatalogueProduct[]) => new Map(products.map((p) => [p.sku, p]));
const plan = (csv: string, ...products: CatalogueProduct[]) => planRows(parseSheet(csv), catalogue(...products));

describe('decodeSheet', () => {
  const text = 'SKU,售價,庫存\r\n10001-0001,１２．５０,３\r\n';
  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeSheet(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeSheet(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
  });
  it('reads Big5, as Excel on Traditional-Chinese Windows saves CSV', () => {
    const big5 = iconv.encode(text, 'big5');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(big5)).toThrow();
    expect(decodeSheet(big5)).toBe(text);
  });
  it('reads UTF-16 with its mark (Excel "Unicode text")', () => {
    expect(decodeSheet(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text);
  });
});

describe('parseSheet', () => {
  it('finds the columns by their English or Chinese headers, in any order, and keeps file line numbers', () => {
    const sheet = parseSheet('庫存,商品,SKU 貨號,原價 (USD),售價 (USD)\r\n5,"Tea, green",10001-0001,,12\r\n\r\n7,x,10001-0002,,\r\n');
    expect(sheet.columns.sort()).toEqual(['compare_at_price', 'name', 'price', 'sku', 'stock']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: { stock: '5', name: 'Tea, green', sku: '10001-0001', compare_at_price: '', price: '12' } },
      { line: 4, cells: { stock: '7', name: 'x', sku: '10001-0002', compare_at_price: '', price: '' } },
    ]);
  });
  it('accepts the machine ids, a tab or a full-width comma as the separator', () => {
    expect(parseSheet('sku\tprice\n10001-0001\t9.5\n').rows[0]!.cells).toEqual({ sku: '10001-0001', price: '9.5' });
    expect(parseSheet('SKU，Price (USD)\n10001-0001，9.5\n').rows[0]!.cells).toEqual({ sku: '10001-0001', price: '9.5' });
  });
  it('refuses a file without a SKU column or without a value column', () => {
    expect(() => parseSheet('name,price\nx,1\n')).toThrow(SheetError);
    expect(() => parseSheet('sku,name\n1,x\n')).toThrow(/no price/);
    expect(() => parseSheet('')).toThrow(SheetError);
  });
});

describe('the row limit (issue 24, item 6)', () => {
  const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `10001-${String(from + i).padStart(6, '0')},1.00`).join('\n');
  it(`takes ${BULK_MAX_ROWS.toLocaleString('en-US')} rows, blank ones not counted`, () => {
    expect(parseSheet(`sku,price\n${rows(BULK_MAX_ROWS)}\n,\n\n`).rows).toHaveLength(BULK_MAX_ROWS);
  });
  it('refuses a 100,000-row file after reading one row over the limit: what follows is never parsed', () => {
    // The file's end is not CSV at all (an unclosed quote): a parser that read the whole file would say "malformed".
    const text = `sku,price\n${rows(100_000)}\n"10001-999999,1.00\n`;
    const err = (() => {
      try {
        parseSheet(text);
      } catch (e) {
        return e;
      }
    })() as SheetError;
    expect(err).toBeInstanceOf(SheetError);
    expect(err.reason).toBe('too_many_rows');
    expect(err.rowsRead).toBe(BULK_MAX_ROWS + 1);
  });
  it('counts rows, not lines: a row over the limit found after blank lines is still refused', () => {
    expect(() => parseSheet(`sku,price\n${rows(BULK_MAX_ROWS)}\n\n,\n${rows(1, BULK_MAX_ROWS)}\n`)).toThrow(/at most 5,000 rows/);
  });
});

describe('the cell rules', () => {
  it('price: blank keeps it; digits with two decimals; full-width folded; commas and symbols refused', () => {
    expect(priceCell('', 1000)).toEqual({ value: 1000 });
    expect(priceCell(' 12.5 ', 1000)).toEqual({ value: 1250 });
    expect(priceCell('１２．５０', 1000)).toEqual({ value: 1250 });
    for (const bad of ['1,250.00', '$12', 'NT$12', '12.345', '12元', '-3', 'abc', '１，２５０']) expect(priceCell(bad, 1000)).toEqual({ error: 'price_format' });
    expect(priceCell('0', 1000)).toEqual({ error: 'price_range' });
  });
  it('compare-at: blank keeps it, "-" removes it, else a price', () => {
    expect(compareAtCell('', 1500)).toEqual({ value: 1500 });
    expect(compareAtCell('-', 1500)).toEqual({ value: null });
    expect(compareAtCell('－', 1500)).toEqual({ value: null });
    expect(compareAtCell('20', 1500)).toEqual({ value: 2000 });
    expect(compareAtCell('$20', 1500)).toEqual({ error: 'compare_at_format' });
  });
  it('stock: blank keeps it; whole numbers (Excel "12.0" too); negative and fractional refused', () => {
    expect(stockCell('', 20)).toEqual({ value: 20 });
    expect(stockCell('０', 20)).toEqual({ value: 0 });
    expect(stockCell('12.0', 20)).toEqual({ value: 12 });
    expect(stockCell('-1', 20)).toEqual({ error: 'negative_stock' });
    expect(stockCell('－５', 20)).toEqual({ error: 'negative_stock' });
    expect(stockCell('1.5', 20)).toEqual({ error: 'stock_format' });
    expect(stockCell('1,000', 20)).toEqual({ error: 'stock_format' });
    expect(stockCell('1000000', 20)).toEqual({ error: 'stock_range' });
  });
});

describe('planRows (the dry run)', () => {
  const a = product('10001-0001');
  const b = product('10001-0002', { compareAtCents: undefined });
  it('old → new for a change, unchanged for the same values, the versions seen kept', () => {
    const rows = plan('sku,price,compare_at_price,stock\n10001-0001,11,,25\n10001-0002,10.00,,\n', a, b);
    expect(rows[0]).toMatchObject({ line: 2, kind: 'change', productId: a.productId, version: 3, old: { priceCents: 1000, compareAtCents: 1500, inventory: 20 }, new: { priceCents: 1100, compareAtCents: 1500, inventory: 25 } });
    expect(rows[1]).toMatchObject({ line: 3, kind: 'unchanged', old: { priceCents: 1000, compareAtCents: null, inventory: 20 } });
    expect(rows[1]!.new).toBeUndefined();
  });
  it('unknown SKU', () => {
    expect(plan('sku,price\n99999-0001,1\n', a)[0]).toMatchObject({ kind: 'error', error: 'unknown_sku', sku: '99999-0001' });
  });
  it('a SKU on two rows is an error on both', () => {
    expect(plan('sku,price\n10001-0001,1\n10001-0002,2\n１０００１－０００１,3\n', a, b).map((r) => r.error)).toEqual(['duplicate_sku', undefined, 'duplicate_sku']);
  });
  it('a missing SKU', () => {
    expect(plan('sku,price\n,1\n', a)[0]).toMatchObject({ kind: 'error', error: 'sku_missing' });
  });
  it('compare-at not above the (new or current) price', () => {
    expect(plan('sku,price\n10001-0001,15\n', a)[0]).toMatchObject({ kind: 'error', error: 'compare_at_not_above' });
    expect(plan('sku,compare_at_price\n10001-0001,9.99\n', a)[0]).toMatchObject({ kind: 'error', error: 'compare_at_not_above' });
    expect(plan('sku,price,compare_at_price\n10001-0001,15,-\n', a)[0]).toMatchObject({ kind: 'change', new: { priceCents: 1500, compareAtCents: null } });
  });
  it('price with commas or symbols, negative stock: errors with the current values for reference', () => {
    expect(plan('sku,price\n10001-0001,"1,000"\n', a)[0]).toMatchObject({ kind: 'error', error: 'price_format', old: { priceCents: 1000 } });
    expect(plan('sku,stock\n10001-0001,-4\n', a)[0]).toMatchObject({ kind: 'error', error: 'negative_stock' });
  });
  it('a Big5 file with full-width digits, end to end', () => {
    const file = iconv.encode('SKU 貨號,商品,售價 (USD),原價 (USD),庫存\r\n10001-0001,綠茶,１１．５０,,３０\r\n', 'big5');
    expect(planRows(parseSheet(decodeSheet(file)), catalogue(a))[0]).toMatchObject({ kind: 'change', new: { priceCents: 1150, compareAtCents: 1500, inventory: 30 } });
  });
});
