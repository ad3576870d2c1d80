import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportQuery, FIRST_FILTER_DAY as API_FIRST_DAY, LAST_FILTER_DAY as API_LAST_DAY, listQuery } from '../../../../lambdas/orders/filter';
import { ORDER_STATUSES as API_STATUSES } from '../../../../lambdas/sales/model';
import {
  filterKey,
  filterSearchParams,
  FIRST_FILTER_DAY,
  isFiltered,
  LAST_FILTER_DAY,
  ORDER_STATUSES,
  ordersQuery,
  parseOrdersFilter,
  type OrdersFilter,
} from '../../../../web/src/features/orders/orders-filter';
import { currentPage, firstPage, pagesReducer } from '../../../../web/src/features/orders/pagination';

const parse = (query: string) => parseOrdersFilter(new URLSearchParams(query));

describe('the orders filter in the URL', () => {
  it('reads status, from and to', () => {
    expect(parse('status=paid&from=2026-03-01&to=2026-03-08')).toEqual({ status: 'paid', from: '2026-03-01', to: '2026-03-08' });
    expect(parse('from=2026-03-01')).toEqual({ from: '2026-03-01' });
    expect(parse('to=2026-03-08')).toEqual({ to: '2026-03-08' });
    expect(parse('')).toEqual({});
  });

  it('ignores what the API would refuse instead of failing', () => {
    expect(parse('status=shipped')).toEqual({});
    expect(parse('status=PAID')).toEqual({});
    expect(parse('status=')).toEqual({});
    expect(parse('from=2026-02-30&to=2026-03-08')).toEqual({ to: '2026-03-08' });
    expect(parse('from=03/08/2026')).toEqual({});
    expect(parse('from=1999-12-31&to=3000-01-01')).toEqual({});
    expect(parse('status=paid&from=2026-03-09&to=2026-03-08')).toEqual({ status: 'paid' });
    expect(parse('status=paid&status=cancelled')).toEqual({ status: 'paid' });
  });

  it('writes only its own parameters, in a stable order, and keeps the others', () => {
    expect(filterSearchParams({ to: '2026-03-08', status: 'paid' }).toString()).toBe('status=paid&to=2026-03-08');
    expect(filterSearchParams({}, new URLSearchParams('status=paid&utm=x')).toString()).toBe('utm=x');
    expect(filterSearchParams({ status: 'cancelled' }, new URLSearchParams('from=2026-01-01&tab=2')).toString()).toBe('tab=2&status=cancelled');
  });

  it('builds the API query with the cursor', () => {
    expect(ordersQuery({})).toBe('');
    expect(ordersQuery({ status: 'fulfilled', from: '2026-03-01' }, { cursor: 'abc_-' })).toBe('?status=fulfilled&from=2026-03-01&cursor=abc_-');
    expect(ordersQuery({}, { cursor: null })).toBe('');
  });

  it('keys and flags filters', () => {
    expect(filterKey({})).toBe('||');
    expect(filterKey({ status: 'paid', to: '2026-03-08' })).toBe('paid||2026-03-08');
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ from: '2026-03-01' })).toBe(true);
  });

  it('uses the same statuses and day limits as the API', () => {
    expect(ORDER_STATUSES).toEqual(API_STATUSES);
    expect([FIRST_FILTER_DAY, LAST_FILTER_DAY]).toEqual([API_FIRST_DAY, API_LAST_DAY]);
  });

  const day = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('3010-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const junk = fc.oneof(fc.string(), day, fc.constantFrom(...ORDER_STATUSES), fc.constant(''));

  it('whatever the URL holds, the filter it reads is one the API accepts (list and export schemas)', () => {
    fc.assert(
      fc.property(fc.record({ status: junk, from: junk, to: junk }, { requiredKeys: [] }), (raw) => {
        const filter = parseOrdersFilter(new URLSearchParams(raw as Record<string, string>));
        const query = Object.fromEntries(new URLSearchParams(ordersQuery(filter)));
        expect(listQuery.safeParse(query).success).toBe(true);
        expect(exportQuery.safeParse(query).success).toBe(true);
      }),
    );
  });

  it('a valid filter survives the trip through the URL unchanged', () => {
    const valid = fc
      .record({ status: fc.constantFrom(...ORDER_STATUSES), from: day, to: day }, { requiredKeys: [] })
      .filter((f) => (!f.from || (f.from >= FIRST_FILTER_DAY && f.from <= LAST_FILTER_DAY)) && (!f.to || (f.to >= FIRST_FILTER_DAY && f.to <= LAST_FILTER_DAY)) && !(f.from && f.to && f.from > f.to));
    fc.assert(
      fc.property(valid, (filter: OrdersFilter) => {
        expect(parseOrdersFilter(filterSearchParams(filter))).toEqual(filter);
      }),
    );
  });
});

describe('cursor pages (previous / next)', () => {
  it('starts at page 1 without a cursor', () => {
    expect(currentPage(firstPage('||'), '||')).toEqual({ page: 1, cursor: null, hasPrevious: false });
  });

  it('next pushes the cursor, previous pops it', () => {
    let state = firstPage('||');
    state = pagesReducer(state, { type: 'next', filterKey: '||', cursor: 'c2' });
    state = pagesReducer(state, { type: 'next', filterKey: '||', cursor: 'c3' });
    expect(currentPage(state, '||')).toEqual({ page: 3, cursor: 'c3', hasPrevious: true });
    state = pagesReducer(state, { type: 'previous', filterKey: '||' });
    expect(currentPage(state, '||')).toEqual({ page: 2, cursor: 'c2', hasPrevious: true });
    state = pagesReducer(state, { type: 'previous', filterKey: '||' });
    state = pagesReducer(state, { type: 'previous', filterKey: '||' });
    expect(currentPage(state, '||')).toEqual({ page: 1, cursor: null, hasPrevious: false });
  });

  it('another filter starts again at page 1, and its pages do not mix with the old ones', () => {
    let state = pagesReducer(firstPage('||'), { type: 'next', filterKey: '||', cursor: 'c2' });
    expect(currentPage(state, 'paid||')).toEqual({ page: 1, cursor: null, hasPrevious: false });
    state = pagesReducer(state, { type: 'next', filterKey: 'paid||', cursor: 'p2' });
    expect(state).toEqual({ filterKey: 'paid||', cursors: [null, 'p2'] });
    expect(currentPage(state, '||').page).toBe(1);
  });

  it('any walk of next and previous stays consistent: the page is the stack height, previous never goes below 1', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), (steps) => {
        let state = firstPage('k');
        let expected = 1;
        steps.forEach((next, i) => {
          state = pagesReducer(state, next ? { type: 'next', filterKey: 'k', cursor: `c${i}` } : { type: 'previous', filterKey: 'k' });
          expected = next ? expected + 1 : Math.max(1, expected - 1);
          expect(currentPage(state, 'k').page).toBe(expected);
          expect(currentPage(state, 'k').hasPrevious).toBe(expected > 1);
        });
      }),
    );
  });
});

describe('the search by order number in the URL (issue 15)', () => {
  it('wins over the filter, normalised; keyed apart; not sent to the export', () => {
    expect(parseOrdersFilter(new URLSearchParams('status=paid&number=%EF%BD%8D%EF%BD%8F-1%20'))).toEqual({ number: 'mo-1' });
    expect(parseOrdersFilter(new URLSearchParams('status=paid&number=%20'))).toEqual({ status: 'paid' });
    expect(filterKey({ number: 'MO-1' })).not.toBe(filterKey({}));
    expect(isFiltered({ number: 'MO-1' })).toBe(true);
    expect(ordersQuery({ number: 'MO-1' }, { cursor: 'c1' })).toBe('?number=MO-1&cursor=c1');
  });
});
