/**
 * Reading a vendor's spreadsheet (issue 15): the uploaded bytes → text → rows → what each row asks
 * for, checked against the catalogue. Pure functions (no I/O), unit-tested in test/lambdas/bulk/.
 *
 * Files saved by Excel must work (docs/decisions.md, "Bulk price and stock"):
 *   - encoding: UTF-8 with or without a byte-order mark, UTF-16 with its mark (Excel's "Unicode text"),
 *     else Big5 (Excel's "CSV" on Traditional-Chinese Windows). Decoded with the runtime's
 *     TextDecoder (Node's full ICU), strict UTF-8 first: Big5 bytes are never valid UTF-8 in practice.
 *   - separators: comma, else tab or the full-width comma `，` when the header row has no comma.
 *   - full-width digits, points and minus signs in the SKU and number cells are folded (NFKC).
 * Parsing RFC 4180 is csv-parse's; the rules (blank cell = unchanged, `-` removes a compare-at
 * price) are here.
 */
import { parse } from 'csv-parse/sync';
import { BULK_COLUMNS, BULK_MAX_ROWS, type BulkColumn, type BulkRowError } from '../../contracts/bulk-model';
import type { BulkRow, BulkValues } from '../../contracts/bulk';
import { PRICE_MAX_CENTS, PRICE_PATTERN, priceToCents } from '../../contracts/listings/schema';
import { BULK_HEADER_LABELS } from './labels';
import { foldTyped } from '../../contracts/typed-text';

/** The file cannot be read as a sheet at all (answered 400 `bulk_file_invalid` with this reason). */
export class SheetError extends Error {
  constructor(
    readonly reason: 'encoding' | 'empty' | 'no_sku_column' | 'no_value_column' | 'too_many_rows' | 'malformed',
    message: string,
    /** For `too_many_rows`: the data rows read before the refusal (the limit and one). */
    readonly rowsRead?: number,
  ) {
    super(message);
  }
}

/** The uploaded bytes as text: UTF-8 (BOM or not), UTF-16 with a BOM, else Big5. */
export function decodeSheet(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    try {
      return new TextDecoder('big5', { fatal: true }).decode(body);
    } catch {
      throw new SheetError('encoding', 'The file is neither UTF-8 nor Big5 text. Save it as CSV (UTF-8) and upload it again.');
    }
  }
}

/** Folds what spreadsheets and IMEs write differently (contracts/values.ts, shared with the item form and the offer dialog). */
export const fold = foldTyped;

/** A header cell as compared with the labels: folded, lower case, without spaces, `_`, `-` or a currency note. */
const headerKey = (cell: string): string =>
  fold(cell)
    .toLocaleLowerCase('en-US')
    .replace(/\((usd|us\$|美元)\)/g, '')
    .replace(/[\s_\-()]/g, '');

const HEADER_ALIASES: ReadonlyMap<string, BulkColumn> = new Map(
  BULK_COLUMNS.flatMap((column) => [column, ...BULK_HEADER_LABELS[column]].map((label) => [headerKey(label), column] as const)),
);

function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes('，')) return '，';
  return ',';
}

/** A data row of the sheet: its line in the file and its cells by column (absent columns undefined). */
export interface SheetRow {
  line: number;
  cells: Partial<Record<BulkColumn, string>>;
}

export interface Sheet {
  columns: BulkColumn[];
  rows: SheetRow[];
}

/**
 * The text as a header row and data rows. Blank rows are skipped; unknown columns are ignored. Read
 * record by record (csv-parse's `on_record`): the header is checked as soon as it is read, and a file
 * over `BULK_MAX_ROWS` is refused at the first row past the limit, without parsing the rest (issue 24:
 * a 100,000-row file took 14.6 s to be refused).
 */
export function parseSheet(text: string): Sheet {
  let at: Map<BulkColumn, number> | undefined;
  const rows: SheetRow[] = [];
  const onRecord = (record: string[], lines: number): void => {
    if (!at) {
      at = headerColumns(record);
      return;
    }
    if (record.every((cell) => cell.trim() === '')) return;
    if (rows.length === BULK_MAX_ROWS) {
      throw new SheetError('too_many_rows', `A file may have at most ${BULK_MAX_ROWS.toLocaleString('en-US')} rows.`, rows.length + 1);
    }
    const cells: Partial<Record<BulkColumn, string>> = {};
    for (const [column, i] of at) cells[column] = record[i] ?? '';
    rows.push({ line: lines, cells });
  };
  try {
    parse(text.replace(/^\uFEFF/, ''), {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // Nothing is kept by the parser: each record is taken here, and a throw stops the parse.
      on_record: (record, info) => {
        onRecord(record, info.lines);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError('malformed', `The file is not a readable CSV: ${(err as Error).message}`);
  }
  if (!at) throw new SheetError('empty', 'The file is empty.');
  return { columns: [...at.keys()], rows };
}

/** Where each known column is in the header row; a sheet without a SKU or without a value column is refused. */
function headerColumns(header: readonly string[]): Map<BulkColumn, number> {
  const at = new Map<BulkColumn, number>();
  header.forEach((cell, i) => {
    const column = HEADER_ALIASES.get(headerKey(cell));
    if (column && !at.has(column)) at.set(column, i);
  });
  if (!at.has('sku')) throw new SheetError('no_sku_column', 'The first row must name the columns, one of them SKU.');
  if (!at.has('price') && !at.has('compare_at_price') && !at.has('stock')) {
    throw new SheetError('no_value_column', 'The file has no price, compare-at price or stock column.');
  }
  return at;
}

/** What the dry run needs of a product. */
export interface CatalogueProduct {
  productId: string;
  sku: string;
  nameEn: string;
  nameZh: string;
  priceCents: number;
  compareAtCents?: number;
  inventory: number;
  version: number;
}

/** A row as the job keeps it: what the vendor sees, and the version the dry run saw. */
export interface PlannedRow extends BulkRow {
  /** The product's version the dry run read: the apply writes only onto it. */
  version?: number;
  /** The version the apply wrote: the undo writes only onto it. */
  writtenVersion?: number;
}

type Parsed<T> = { value: T } | { error: BulkRowError };

/** A price cell: blank keeps the current price; digits with an optional point and two decimals, nothing else. */
export function priceCell(cell: string | undefined, current: number): Parsed<number> {
  const text = fold(cell ?? '');
  if (text === '') return { value: current };
  if (!PRICE_PATTERN.test(text)) return { error: 'price_format' };
  const value = priceToCents(text);
  return value > 0 && value <= PRICE_MAX_CENTS ? { value } : { error: 'price_range' };
}

/** A compare-at cell: blank keeps it, `-` removes it, else a price like the price's. */
export function compareAtCell(cell: string | undefined, current: number | null): Parsed<number | null> {
  const text = fold(cell ?? '');
  if (text === '') return { value: current };
  if (text === '-') return { value: null };
  if (!PRICE_PATTERN.test(text)) return { error: 'compare_at_format' };
  const value = priceToCents(text);
  return value > 0 && value <= PRICE_MAX_CENTS ? { value } : { error: 'price_range' };
}

/** A stock cell: blank keeps it; a whole number from 0 to 999,999. */
export function stockCell(cell: string | undefined, current: number): Parsed<number> {
  const text = fold(cell ?? '');
  if (text === '') return { value: current };
  if (/^-\s*\d+(\.0*)?$/.test(text)) return { error: 'negative_stock' };
  // Excel may write a whole number as "12.0"; anything else with a point is not a count.
  if (!/^\d+(\.0*)?$/.test(text)) return { error: 'stock_format' };
  const value = Number(text.replace(/\.0*$/, ''));
  return value <= 999_999 ? { value } : { error: 'stock_range' };
}

const valuesOf = (p: CatalogueProduct): BulkValues => ({ priceCents: p.priceCents, compareAtCents: p.compareAtCents ?? null, inventory: p.inventory });

const sameValues = (a: BulkValues, b: BulkValues) => a.priceCents === b.priceCents && a.compareAtCents === b.compareAtCents && a.inventory === b.inventory;

/**
 * The dry run of a sheet against the vendor's catalogue (by SKU): per row old → new, unchanged or
 * the first error. A SKU named on two rows is an error on both (which one was meant is unknown).
 */
export function planRows(sheet: Sheet, catalogue: ReadonlyMap<string, CatalogueProduct>): PlannedRow[] {
  const skus = sheet.rows.map((row) => fold(row.cells.sku ?? '').toUpperCase());
  const count = new Map<string, number>();
  for (const sku of skus) if (sku) count.set(sku, (count.get(sku) ?? 0) + 1);
  return sheet.rows.map((row, i): PlannedRow => {
    const sku = skus[i]!;
    const base = { line: row.line, sku: sku || fold(row.cells.sku ?? '') };
    if (!sku) return { ...base, kind: 'error', error: 'sku_missing' };
    if ((count.get(sku) ?? 0) > 1) return { ...base, kind: 'error', error: 'duplicate_sku' };
    const product = catalogue.get(sku);
    if (!product) return { ...base, kind: 'error', error: 'unknown_sku' };
    const named = { ...base, productId: product.productId, nameEn: product.nameEn, nameZh: product.nameZh, version: product.version };
    const old = valuesOf(product);
    const price = priceCell(row.cells.price, old.priceCents);
    if ('error' in price) return { ...named, kind: 'error', error: price.error, old };
    const compareAt = compareAtCell(row.cells.compare_at_price, old.compareAtCents);
    if ('error' in compareAt) return { ...named, kind: 'error', error: compareAt.error, old };
    if (compareAt.value !== null && compareAt.value <= price.value) return { ...named, kind: 'error', error: 'compare_at_not_above', old };
    const stock = stockCell(row.cells.stock, old.inventory);
    if ('error' in stock) return { ...named, kind: 'error', error: stock.error, old };
    const next: BulkValues = { priceCents: price.value, compareAtCents: compareAt.value, inventory: stock.value };
    return sameValues(old, next) ? { ...named, kind: 'unchanged', old } : { ...named, kind: 'change', old, new: next };
  });
}
