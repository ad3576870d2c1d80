import { describe, expect, it } from 'vitest';
import { packGroups } from '../../../lambdas/bulk/jobs';

/** The bulk worker's write transactions (lambdas/bulk/jobs.ts): each within DynamoDB's 100 items. */
const row = (entries: number, notice: boolean) => ({ also: Array.from({ length: entries + (notice ? 1 : 0) }, () => ({})), notice });
const items = (group: ReturnType<typeof row>[]) => group.reduce((n, p) => n + 1 + p.also.length, 0) + (group.some((p) => p.notice) ? 1 : 0);

describe('packing the bulk writes into transactions', () => {
  it('puts up to 40 products in a transaction while their entries fit', () => {
    expect(packGroups(Array.from({ length: 100 }, () => row(1, false))).map((g) => g.length)).toEqual([40, 40, 20]);
    // Price and stock changed: 3 items each.
    expect(packGroups(Array.from({ length: 60 }, () => row(2, false))).map((g) => g.length)).toEqual([33, 27]);
  });

  it('never passes 100 items: a product with 3 entries and a notice is 5 items, plus one unread count per transaction', () => {
    const groups = packGroups(Array.from({ length: 60 }, () => row(3, true)));
    expect(groups.map((g) => g.length)).toEqual([19, 19, 19, 3]);
    for (const g of groups) expect(items(g)).toBeLessThanOrEqual(100);
  });

  it('keeps the rows in order and each in one transaction, whatever their sizes', () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(i % 4, i % 7 === 0));
    const groups = packGroups(rows);
    expect(groups.flat()).toEqual(rows);
    for (const g of groups) {
      expect(items(g)).toBeLessThanOrEqual(100);
      expect(g.length).toBeLessThanOrEqual(40);
    }
  });
});
