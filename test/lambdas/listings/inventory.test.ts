import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCursor, encodeCursor, isTabSortKey } from '../../../lambdas/listings/cursor';
import { inventoryListKey, inventoryQuery, inventorySlice, isInventoryKey, type InventoryKey, type InventoryQuery } from '../../../lambdas/listings/inventory';
import { INVENTORY_SORTS } from '../../../contracts/listings/model';
import type { CatalogueRow } from '../../../lambdas/listings/store';

const row = (n: number, o: Partial<CatalogueRow> = {}): CatalogueRow => ({
  productId: `P-${String(n).padStart(10, '0')}`,
  sku: `10001-${String(n).padStart(4, '0')}`,
  nameEn: `Product ${n}`,
  nameZh: '',
  priceCents: 100 * n,
  inventory: n,
  outOfStock: false,
  updatedAt: `2026-03-${String(n).padStart(2, '0')}T00:00:00.000Z`,
  revisionTab: 'V-10001#draft',
  version: 1,
  ...o,
});

const catalogue = [
  row(1, { nameEn: 'Oolong Tea', nameZh: '烏龍茶', priceCents: 1250, inventory: 5 }),
  row(2, { nameEn: 'jasmine rice', nameZh: '茉莉香米', priceCents: 1590, inventory: 0, publishedVendorId: 'V-10001' }),
  row(3, { nameEn: 'Green Tea 10', nameZh: '綠茶', priceCents: 990, inventory: 40, revisionTab: 'V-10001#pending' }),
  row(4, { nameEn: 'Green Tea 2', nameZh: '綠茶', priceCents: 990, inventory: 12, revisionTab: 'V-10001#rejected' }),
  row(5, { nameEn: 'Pineapple Cake', nameZh: '鳳梨酥', sku: '10001-0777', priceCents: 2400, inventory: 3 }),
];

const q = (o: Partial<InventoryQuery> = {}): InventoryQuery => ({ q: '', sort: 'name', order: 'asc', ...o });
const names = (rows: CatalogueRow[]) => rows.map((r) => r.nameEn);

describe('inventory search', () => {
  it('finds by English name regardless of case, by Chinese name, or by SKU', () => {
    expect(names(inventorySlice(catalogue, q({ q: 'TEA' }), { limit: 25 }).rows)).toEqual(['Green Tea 2', 'Green Tea 10', 'Oolong Tea']);
    expect(names(inventorySlice(catalogue, q({ q: '綠茶' }), { limit: 25 }).rows)).toEqual(['Green Tea 2', 'Green Tea 10']);
    expect(names(inventorySlice(catalogue, q({ q: '0777' }), { limit: 25 }).rows)).toEqual(['Pineapple Cake']);
    expect(inventorySlice(catalogue, q({ q: 'nothing like it' }), { limit: 25 })).toEqual({ rows: [], total: 0, lastKey: null });
  });

  it('folds full-width input as typed with a Chinese IME', () => {
    expect(names(inventorySlice(catalogue, q({ q: 'ＯＯＬＯＮＧ' }), { limit: 25 }).rows)).toEqual(['Oolong Tea']);
  });
});

describe('inventory sort', () => {
  it('sorts names as people do (case-insensitive, 2 before 10)', () => {
    expect(names(inventorySlice(catalogue, q(), { limit: 25 }).rows)).toEqual(['Green Tea 2', 'Green Tea 10', 'jasmine rice', 'Oolong Tea', 'Pineapple Cake']);
  });

  it('sorts by price, inventory, SKU and last update, both ways, ties by product id', () => {
    const ids = (query: InventoryQuery) => inventorySlice(catalogue, query, { limit: 25 }).rows.map((r) => r.productId.slice(-1));
    expect(ids(q({ sort: 'price' }))).toEqual(['3', '4', '1', '2', '5']);
    expect(ids(q({ sort: 'price', order: 'desc' }))).toEqual(['5', '2', '1', '4', '3']);
    expect(ids(q({ sort: 'inventory' }))).toEqual(['2', '5', '1', '4', '3']);
    expect(ids(q({ sort: 'sku', order: 'desc' }))).toEqual(['5', '4', '3', '2', '1']);
    expect(ids(q({ sort: 'updated', order: 'desc' }))).toEqual(['5', '4', '3', '2', '1']);
  });
});

describe('inventory paging', () => {
  it('pages with the total of all matches and no cursor on the last page', () => {
    const first = inventorySlice(catalogue, q({ sort: 'price' }), { limit: 2 });
    expect(first.total).toBe(5);
    expect(first.lastKey).toEqual([990, 'P-0000000004']);
    const second = inventorySlice(catalogue, q({ sort: 'price' }), { limit: 2, after: first.lastKey! });
    expect(names(second.rows)).toEqual(['Oolong Tea', 'jasmine rice']);
    const third = inventorySlice(catalogue, q({ sort: 'price' }), { limit: 2, after: second.lastKey! });
    expect(third).toMatchObject({ rows: [expect.objectContaining({ nameEn: 'Pineapple Cake' })], lastKey: null });
  });

  it('a row that changes between pages is neither repeated nor skipped for the others', () => {
    const first = inventorySlice(catalogue, q({ sort: 'price' }), { limit: 2 });
    // Product 1 gets cheaper than the page boundary: the rest of the list resumes at the same position.
    const changed = catalogue.map((r) => (r.productId.endsWith('1') ? { ...r, priceCents: 100 } : r));
    expect(names(inventorySlice(changed, q({ sort: 'price' }), { limit: 10, after: first.lastKey! }).rows)).toEqual(['jasmine rice', 'Pineapple Cake']);
  });

  it('visits every matching row exactly once, whatever the sort, order and page size', () => {
    const rows = fc.array(
      fc.record({ name: fc.constantFrom('Tea', 'tea', 'Rice', 'Cake 2', 'Cake 10', '烏龍'), price: fc.integer({ min: 1, max: 5 }), inventory: fc.integer({ min: 0, max: 3 }) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(rows, fc.constantFrom(...INVENTORY_SORTS), fc.constantFrom('asc' as const, 'desc' as const), fc.integer({ min: 1, max: 7 }), (specs, sort, order, limit) => {
        const all = specs.map((s, i) => row(i + 1, { nameEn: s.name, priceCents: s.price, inventory: s.inventory, updatedAt: `2026-03-0${(i % 3) + 1}T00:00:00.000Z` }));
        const seen: string[] = [];
        let after: InventoryKey | undefined;
        for (let pages = 0; pages <= all.length; pages += 1) {
          const slice = inventorySlice(all, q({ sort, order }), { limit, after });
          seen.push(...slice.rows.map((r) => r.productId));
          if (!slice.lastKey) break;
          expect(slice.rows).toHaveLength(limit);
          after = slice.lastKey;
        }
        expect(seen).toEqual(inventorySlice(all, q({ sort, order }), { limit: 1000 }).rows.map((r) => r.productId));
        expect(new Set(seen).size).toBe(all.length);
      }),
    );
  });
});

describe('inventory query', () => {
  it('accepts the documented parameters, empty ones as not given, and refuses others', () => {
    expect(inventoryQuery.parse({ q: 'tea', sort: 'price', order: 'desc', limit: '10' })).toEqual({ q: 'tea', sort: 'price', order: 'desc', limit: 10 });
    expect(inventoryQuery.parse({ q: '', sort: '' })).toEqual({});
    for (const bad of [{ sort: 'colour' }, { order: 'up' }, { limit: '0' }, { limit: '101' }, { status: 'paid' }, { q: 'x'.repeat(101) }]) {
      expect(inventoryQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('cursors', () => {
  const list = inventoryListKey(q({ sort: 'price' }));

  it('round-trip for the vendor and list they were issued for', () => {
    const key: InventoryKey = [990, 'P-0000000004'];
    expect(decodeCursor(encodeCursor('V-10001', list, key), 'V-10001', list, isInventoryKey)).toEqual(key);
    const tabKey = '2026-03-01T10:00:00.000Z#P-0123456789';
    expect(decodeCursor(encodeCursor('V-10001', 'products|pending', tabKey), 'V-10001', 'products|pending', isTabSortKey)).toBe(tabKey);
  });

  it('are refused for another vendor, another list, or when not issued by this API', () => {
    const cursor = encodeCursor('V-10001', list, [990, 'P-0000000004']);
    const refused = (c: string, vendorId = 'V-10001', l = list) => {
      try {
        decodeCursor(c, vendorId, l, isInventoryKey);
        return null;
      } catch (err) {
        return { status: (err as { statusCode: number }).statusCode, code: (err as { code: string }).code, message: (err as Error).message };
      }
    };
    expect(refused(cursor, 'V-10002')).toMatchObject({ status: 400, code: 'invalid_cursor', message: expect.stringContaining('another account') });
    expect(refused(cursor, 'V-10001', inventoryListKey(q({ sort: 'price', q: 'tea' })))).toMatchObject({ code: 'invalid_cursor', message: expect.stringContaining('different list') });
    expect(refused('not a cursor!')).toMatchObject({ code: 'invalid_cursor' });
    expect(refused(Buffer.from('{"v":"V-10001"').toString('base64url'))).toMatchObject({ code: 'invalid_cursor' });
    expect(refused(encodeCursor('V-10001', list, ['x', 'DROP TABLE']))).toMatchObject({ code: 'invalid_cursor' });
    expect(refused(encodeCursor('V-10001', 'products|draft', 'not-a-sort-key'), 'V-10001', 'products|draft')).toMatchObject({ code: 'invalid_cursor' });
    expect(refused('A'.repeat(3000))).toMatchObject({ code: 'invalid_cursor' });
  });
});
