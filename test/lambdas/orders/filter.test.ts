import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { marketplaceDay } from '../../../lambdas/shared/dates';
import { exportQuery, keyCondition, listQuery, orderKeyBounds, orderKeyInRange, startKey } from '../../../lambdas/orders/filter';
import { decodeCursor, encodeCursor } from '../../../lambdas/orders/cursor';

const LA = 'America/Los_Angeles';

describe('marketplace-local days as UTC orderKey bounds', () => {
  it('an ordinary Los Angeles winter day is 08:00Z to 08:00Z', () => {
    expect(orderKeyBounds({ from: '2026-01-15', to: '2026-01-15' }, LA)).toEqual({
      lower: '2026-01-15T08:00:00.000Z',
      upper: '2026-01-16T08:00:00.000Z',
    });
  });

  it('2026-03-08 (clocks go forward at 02:00) has 23 hours: 08:00Z to 07:00Z', () => {
    expect(orderKeyBounds({ from: '2026-03-08', to: '2026-03-08' }, LA)).toEqual({
      lower: '2026-03-08T08:00:00.000Z',
      upper: '2026-03-09T07:00:00.000Z',
    });
  });

  it('2026-11-01 (clocks go back at 02:00) has 25 hours: 07:00Z to 08:00Z', () => {
    expect(orderKeyBounds({ from: '2026-11-01', to: '2026-11-01' }, LA)).toEqual({
      lower: '2026-11-01T07:00:00.000Z',
      upper: '2026-11-02T08:00:00.000Z',
    });
  });

  it('a range spanning both changes, and one-sided ranges', () => {
    expect(orderKeyBounds({ from: '2026-03-01', to: '2026-11-30' }, LA)).toEqual({ lower: '2026-03-01T08:00:00.000Z', upper: '2026-12-01T08:00:00.000Z' });
    expect(orderKeyBounds({ from: '2026-07-04' }, LA)).toEqual({ lower: '2026-07-04T07:00:00.000Z' });
    expect(orderKeyBounds({ to: '2026-07-04' }, LA)).toEqual({ upper: '2026-07-05T07:00:00.000Z' });
    expect(orderKeyBounds({}, LA)).toEqual({});
  });

  it('follows the configured zone (Taipei has no DST: 16:00Z to 16:00Z)', () => {
    expect(orderKeyBounds({ from: '2026-03-08', to: '2026-03-08' }, 'Asia/Taipei')).toEqual({
      lower: '2026-03-07T16:00:00.000Z',
      upper: '2026-03-08T16:00:00.000Z',
    });
  });

  it('an order key is inside [from, to] exactly when its instant falls on one of those local days — in either ISO form', () => {
    const days = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02'];
    const from = fc.constantFrom(...days);
    const to = fc.constantFrom(...days);
    // Instants around both 2026 changes, including the exact boundaries.
    const instant = fc.oneof(
      fc.integer({ min: Date.parse('2026-03-06T00:00:00Z'), max: Date.parse('2026-03-11T00:00:00Z') }),
      fc.integer({ min: Date.parse('2026-10-30T00:00:00Z'), max: Date.parse('2026-11-04T00:00:00Z') }),
      fc.constantFrom(...['2026-03-08T08:00:00Z', '2026-03-09T07:00:00Z', '2026-11-01T07:00:00Z', '2026-11-02T08:00:00Z'].flatMap((t) => [Date.parse(t), Date.parse(t) - 1, Date.parse(t) - 1000])),
    );
    fc.assert(
      fc.property(from, to, instant, fc.boolean(), (f, t, ms, withMillis) => {
        fc.pre(f <= t);
        const iso = new Date(ms).toISOString();
        // An ingest that kept "…:05Z" instead of "…:05.000Z" must not fall out of range either.
        const placedAt = withMillis || ms % 1000 !== 0 ? iso : iso.replace('.000Z', 'Z');
        const key = `${placedAt}#O-1`;
        const local = marketplaceDay(ms, LA);
        const { lower, upper } = orderKeyBounds({ from: f, to: t }, LA);
        const inKeyRange = key >= lower! && key <= upper!;
        expect(inKeyRange).toBe(local >= f && local <= t);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('key condition of the orders Query', () => {
  it('without a status: the table, by vendor id', () => {
    expect(keyCondition('V-1', {}, LA)).toEqual({ KeyConditionExpression: 'vendorId = :pk', ExpressionAttributeValues: { ':pk': 'V-1' } });
  });

  it('with a status: the byVendorStatus index, by vendorId#status', () => {
    expect(keyCondition('V-1', { status: 'paid' }, LA)).toEqual({
      IndexName: 'byVendorStatus',
      KeyConditionExpression: 'vendorStatus = :pk',
      ExpressionAttributeValues: { ':pk': 'V-1#paid' },
    });
  });

  it('a day range is a BETWEEN on orderKey; one side alone is >= or <', () => {
    expect(keyCondition('V-1', { status: 'cancelled', from: '2026-03-08', to: '2026-03-08' }, LA)).toEqual({
      IndexName: 'byVendorStatus',
      KeyConditionExpression: 'vendorStatus = :pk AND orderKey BETWEEN :lower AND :upper',
      ExpressionAttributeValues: { ':pk': 'V-1#cancelled', ':lower': '2026-03-08T08:00:00.000Z', ':upper': '2026-03-09T07:00:00.000Z' },
    });
    expect(keyCondition('V-1', { from: '2026-03-08' }, LA)).toMatchObject({ KeyConditionExpression: 'vendorId = :pk AND orderKey >= :lower' });
    expect(keyCondition('V-1', { to: '2026-03-08' }, LA)).toMatchObject({
      KeyConditionExpression: 'vendorId = :pk AND orderKey < :upper',
      ExpressionAttributeValues: { ':pk': 'V-1', ':upper': '2026-03-09T07:00:00.000Z' },
    });
  });

  it('resumes the table by (vendorId, orderKey) and the index by its keys plus the table keys', () => {
    expect(startKey('V-1', {}, 'k')).toEqual({ vendorId: 'V-1', orderKey: 'k' });
    expect(startKey('V-1', { status: 'paid' }, 'k')).toEqual({ vendorStatus: 'V-1#paid', orderKey: 'k', vendorId: 'V-1' });
  });
});

describe('query parameters', () => {
  const ok = (q: Record<string, string>) => listQuery.safeParse(q);

  it('accepts the documented parameters, with limit as a number and empty values as absent', () => {
    expect(ok({ status: 'paid', from: '2026-03-01', to: '2026-03-08', limit: '100', cursor: 'abc' })).toMatchObject({
      success: true,
      data: { status: 'paid', from: '2026-03-01', to: '2026-03-08', limit: 100, cursor: 'abc' },
    });
    expect(ok({ status: '', from: '', to: '', cursor: '', limit: '' })).toEqual({ success: true, data: {} });
    expect(ok({ from: '2026-03-08', to: '2026-03-08' }).success).toBe(true);
  });

  it.each([
    ['an unknown status', { status: 'shipped' }],
    ['a status in capitals', { status: 'PAID' }],
    ['a day that does not exist', { from: '2026-02-30' }],
    ['a day in another format', { to: '03/08/2026' }],
    ['a day with a time', { from: '2026-03-08T00:00:00Z' }],
    ['a day before 2000', { from: '1999-12-31' }],
    ['a day after 2999', { to: '3000-01-01' }],
    ['from after to', { from: '2026-03-09', to: '2026-03-08' }],
    ['limit 0', { limit: '0' }],
    ['limit 101', { limit: '101' }],
    ['a negative limit', { limit: '-1' }],
    ['a fractional limit', { limit: '2.5' }],
    ['a limit that is not a number', { limit: 'ten' }],
    ['a huge limit', { limit: '1e3' }],
    ['an unknown parameter', { stauts: 'paid' }],
    ['a very long cursor', { cursor: 'a'.repeat(3000) }],
  ])('refuses %s', (_what, q) => {
    const r = ok(q as Record<string, string>);
    expect(r.success).toBe(false);
  });

  it('the export takes the filter only', () => {
    expect(exportQuery.safeParse({ status: 'fulfilled', from: '2026-03-01' }).success).toBe(true);
    expect(exportQuery.safeParse({ cursor: 'x' }).success).toBe(false);
    expect(exportQuery.safeParse({ limit: '10' }).success).toBe(false);
    expect(exportQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });
});

describe('cursor', () => {
  const key = '2026-03-08T18:04:05.000Z#O-42';

  it('round-trips for the same vendor and filter, and is base64url', () => {
    const cursor = encodeCursor('V-1', { status: 'paid', from: '2026-03-01', to: '2026-03-31' }, key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'V-1', { status: 'paid', from: '2026-03-01', to: '2026-03-31' })).toBe(key);
  });

  it.each([
    ['not base64url', '!!!'],
    ['base64url of something else', Buffer.from('hello').toString('base64url')],
    ['JSON of the wrong shape', Buffer.from(JSON.stringify({ v: 'V-1', f: '||' })).toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['a key that is not an order key', Buffer.from(JSON.stringify({ v: 'V-1', f: '||', k: 'BALANCE' })).toString('base64url')],
    ['an empty key', Buffer.from(JSON.stringify({ v: 'V-1', f: '||', k: '' })).toString('base64url')],
    ['a key of 2 KB', Buffer.from(JSON.stringify({ v: 'V-1', f: '||', k: `2026-03-08T00:00:00.000Z#${'x'.repeat(1500)}` })).toString('base64url')],
  ])('refuses a cursor that is %s (400 invalid_cursor)', (_what, cursor) => {
    expect(() => decodeCursor(cursor, 'V-1', {})).toThrow(expect.objectContaining({ statusCode: 400, code: 'invalid_cursor' }));
  });

  it('refuses another vendor’s cursor', () => {
    const cursor = encodeCursor('V-2', {}, key);
    expect(() => decodeCursor(cursor, 'V-1', {})).toThrow(expect.objectContaining({ code: 'invalid_cursor', message: expect.stringContaining('another account') }));
  });

  it('refuses a cursor of another filter', () => {
    const cursor = encodeCursor('V-1', { status: 'paid' }, key);
    for (const filter of [{}, { status: 'pending' as const }, { status: 'paid' as const, from: '2026-03-01' }]) {
      expect(() => decodeCursor(cursor, 'V-1', filter)).toThrow(expect.objectContaining({ code: 'invalid_cursor', message: expect.stringContaining('different filter') }));
    }
  });

  it('refuses a tampered key outside the filter’s range (DynamoDB would refuse the start key)', () => {
    const filter = { from: '2026-03-01', to: '2026-03-31' };
    const forged = Buffer.from(JSON.stringify({ v: 'V-1', f: '|2026-03-01|2026-03-31', k: '2025-01-01T00:00:00.000Z#O-1' })).toString('base64url');
    expect(() => decodeCursor(forged, 'V-1', filter)).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
    expect(orderKeyInRange('2025-01-01T00:00:00.000Z#O-1', filter)).toBe(false);
    expect(orderKeyInRange('2026-03-15T00:00:00.000Z#O-1', filter)).toBe(true);
  });
});
