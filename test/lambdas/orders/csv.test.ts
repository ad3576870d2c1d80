import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOM, csvCell, csvHeader, csvRow, exportFileName, MACHINE_CSV, ORDER_MACHINE_COLUMNS, orderRows, type CsvOptions } from '../../../lambdas/orders/csv';
import { centsToDecimal } from '../../../lambdas/shared/money';
import type { OrderRow } from '../../../lambdas/orders/store';
import { parseCsv } from './csv-parse';

describe('csvCell', () => {
  it.each([
    ['plain text', 'Jasmine Rice', 'Jasmine Rice'],
    ['Chinese text', '烏龍茶', '烏龍茶'],
    ['a comma', 'Rice, 5 kg', '"Rice, 5 kg"'],
    ['quotes', 'The "best" rice', '"The ""best"" rice"'],
    ['a line feed', 'two\nlines', '"two\nlines"'],
    ['a CR LF', 'two\r\nlines', '"two\r\nlines"'],
    ['leading white space', ' rice', '" rice"'],
    ['trailing white space', 'rice ', '"rice "'],
    ['an empty string', '', ''],
  ])('%s', (_what, input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([['=SUM(A1:A9)'], ['+1'], ['-1'], ['@cmd'], ['\tx'], ['\rx']])('defuses text a spreadsheet would run as a formula: %j', (input) => {
    const out = csvCell(input);
    expect(parseCsv(`${out}\r\n`)[0]![0]).toBe(`'${input}`);
  });

  it('writes numbers as they are and cents as two-decimal amounts (negative ones too, without the formula guard)', () => {
    expect(csvCell(3)).toBe('3');
    expect(csvCell({ cents: 1590 })).toBe('15.90');
    expect(csvCell({ cents: 5 })).toBe('0.05');
    expect(csvCell({ cents: 0 })).toBe('0.00');
    expect(csvCell({ cents: -1250 })).toBe('-12.50');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
  });

  it('any text survives a round trip through an RFC 4180 reader', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('"', ',', '\r\n', '\n', '""', ' , ')), { minLength: 1, maxLength: 6 }), (cells) => {
        const parsed = parseCsv(csvRow(cells));
        expect(parsed).toHaveLength(1);
        expect(parsed[0]).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the orders CSV', () => {
  const order: OrderRow = {
    orderKey: '2026-03-08T18:04:05.000Z#O-1',
    orderId: 'O-1',
    orderNumber: 'GM-100245',
    placedAt: '2026-03-08T18:04:05.000Z',
    status: 'paid',
    totalCents: 2590,
    quantity: 3,
    lines: [
      { productId: 'P-1', sku: 'RICE-5KG', name: 'Jasmine Rice, 5 kg', quantity: 1, unitPriceCents: 1590 },
      { productId: 'P-2', sku: 'TEA-OOL', name: '烏龍茶 "Oolong" Tea', quantity: 2, unitPriceCents: 500 },
    ],
  };

  const en: CsvOptions = { format: 'vendor', language: 'en', timeZone: 'America/Los_Angeles' };
  const zh: CsvOptions = { ...en, language: 'zh-TW' };

  it('starts with the BOM and the header row: the vendor’s language with the marketplace zone named, or the machine ids', () => {
    const header = csvHeader(en);
    expect(header.startsWith(BOM)).toBe(true);
    expect(parseCsv(header.slice(1))).toEqual([['Order number', 'Placed at (America/Los_Angeles)', 'Status', 'Product', 'SKU', 'Quantity', 'Unit price (USD)', 'Line total (USD)', 'Order total (USD)']]);
    expect(parseCsv(csvHeader(zh).slice(1))).toEqual([['訂單編號', '下單時間（America/Los_Angeles）', '狀態', '商品', 'SKU', '數量', '單價（USD）', '小計（USD）', '訂單總額（USD）']]);
    expect(parseCsv(csvHeader(MACHINE_CSV).slice(1))).toEqual([[...ORDER_MACHINE_COLUMNS]]);
    expect(ORDER_MACHINE_COLUMNS).toEqual(['order_number', 'placed_at_utc', 'status', 'product_name', 'sku', 'quantity', 'unit_price_usd', 'line_total_usd', 'order_total_usd']);
  });

  it('writes one row per line, repeating the order’s number, time, status and total', () => {
    expect(parseCsv(orderRows(order, en))).toEqual([
      ['GM-100245', '2026-03-08T11:04:05-07:00', 'Paid', 'Jasmine Rice, 5 kg', 'RICE-5KG', '1', '15.90', '15.90', '25.90'],
      ['GM-100245', '2026-03-08T11:04:05-07:00', 'Paid', '烏龍茶 "Oolong" Tea', 'TEA-OOL', '2', '5.00', '10.00', '25.90'],
    ]);
    expect(parseCsv(orderRows(order, zh))[0]!.slice(0, 3)).toEqual(['GM-100245', '2026-03-08T11:04:05-07:00', '已付款']);
    expect(parseCsv(orderRows(order, MACHINE_CSV))[0]!.slice(0, 3)).toEqual(['GM-100245', '2026-03-08T18:04:05.000Z', 'paid']);
  });

  it('says the time of the repeated hour of a DST change with its offset, so the two 01:30s differ', () => {
    const first = parseCsv(orderRows({ ...order, placedAt: '2026-11-01T08:30:00.000Z' }, en))[0]![1];
    const second = parseCsv(orderRows({ ...order, placedAt: '2026-11-01T09:30:00.000Z' }, en))[0]![1];
    expect([first, second]).toEqual(['2026-11-01T01:30:00-07:00', '2026-11-01T01:30:00-08:00']);
  });

  it('an order without lines still has a row with its total', () => {
    expect(parseCsv(orderRows({ ...order, lines: [] }, MACHINE_CSV))).toEqual([['GM-100245', '2026-03-08T18:04:05.000Z', 'paid', '', '', '3', '', '', '25.90']]);
  });

  it('names the file after the vendor and the day', () => {
    expect(exportFileName('V-10001', '2026-03-08')).toBe('orders-V-10001-2026-03-08.csv');
    expect(exportFileName('V-1"; x', '2026-03-08')).toBe('orders-V-1___x-2026-03-08.csv');
  });
});
