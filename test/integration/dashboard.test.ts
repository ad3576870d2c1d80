import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, marketplaceDay, nextPayoutDate } from '../../lambdas/shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../../lambdas/shared/money';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { approvedVendor, putItems, type TestVendor } from './orders-fixtures';

const LA = 'America/Los_Angeles';

interface Dashboard {
  today: string;
  timeZone: string;
  periods: Record<'today' | 'last7Days' | 'last15Days' | 'last30Days', { from: string; to: string; amountCents: number; quantity: number; orders: number }>;
  balanceCents: number;
  minimumPayoutCents: number;
  nextPayoutDate: string;
  daily: { day: string; amountCents: number; quantity: number; orders: number }[];
}

let a: TestVendor;
let b: TestVendor;
let today: string;
/** Sales of vendor A, `back` days before today: amount = 100 × (back + 1) cents, quantity back + 1, one order. */
const sales = (back: number) => ({ amountCents: 100 * (back + 1), quantity: back + 1, orders: 1 });

beforeAll(async () => {
  [a, b] = [await approvedVendor('dash.a', 'Dashboard A Foods'), await approvedVendor('dash.b', 'Dashboard B Foods')];
  today = marketplaceDay(new Date(), LA);
  // A: a sale every day for 400 days (only the last 30 may be read), a balance; B: big figures that must never show for A.
  const dayItems = (vendorId: string, days: number, f: (back: number) => { amountCents: number; quantity: number; orders: number }) =>
    Array.from({ length: days }, (_, back) => ({ vendorId, sk: `DAY#${addDays(today, -back)}`, day: addDays(today, -back), ...f(back) }));
  await putItems('ledger', [
    ...dayItems(a.vendorId, 400, sales),
    { vendorId: a.vendorId, sk: 'BALANCE', balanceCents: 123_456, updatedAt: new Date().toISOString() },
    ...dayItems(b.vendorId, 30, () => ({ amountCents: 9_999_900, quantity: 999, orders: 99 })),
    { vendorId: b.vendorId, sk: 'BALANCE', balanceCents: -4_200, updatedAt: new Date().toISOString() },
  ]);
});

const sum = (n: number, key: 'amountCents' | 'quantity' | 'orders') => Array.from({ length: n }, (_, back) => sales(back)[key]).reduce((s, v) => s + v, 0);

describe('GET /api/dashboard against the local stack', () => {
  it('sums the caller’s last 1, 7, 15 and 30 marketplace days, with balance, minimum payout and next payout date', async () => {
    const res = await api('/api/dashboard', { token: a.token });
    expect(res.status).toBe(200);
    const d = res.body as Dashboard;
    expect(d).toMatchObject({ today, timeZone: LA, balanceCents: 123_456, minimumPayoutCents: MINIMUM_PAYOUT_CENTS });
    expect([nextPayoutDate(new Date(Date.now() - 60_000), LA), nextPayoutDate(new Date(), LA)]).toContain(d.nextPayoutDate);
    for (const [key, n] of [['today', 1], ['last7Days', 7], ['last15Days', 15], ['last30Days', 30]] as const) {
      expect(d.periods[key]).toEqual({ from: addDays(today, 1 - n), to: today, amountCents: sum(n, 'amountCents'), quantity: sum(n, 'quantity'), orders: sum(n, 'orders') });
    }
    expect(d.daily).toHaveLength(30);
    expect(d.daily[29]).toEqual({ day: today, ...sales(0) });
    expect(d.daily[0]).toEqual({ day: addDays(today, -29), ...sales(29) });
  });

  it('shows another vendor only its own figures', async () => {
    const d = (await api('/api/dashboard', { token: b.token })).body as Dashboard;
    expect(d.periods.last30Days).toMatchObject({ amountCents: 30 * 9_999_900, quantity: 30 * 999 });
    expect(d.balanceCents).toBe(-4_200);
  });

  it('a vendor without sales sees zeros for every day', async () => {
    const c = await approvedVendor('dash.c', 'Dashboard C Foods');
    const d = (await api('/api/dashboard', { token: c.token })).body as Dashboard;
    expect(d.balanceCents).toBe(0);
    expect(d.daily.every((x) => x.amountCents === 0 && x.quantity === 0 && x.orders === 0)).toBe(true);
    expect(d.periods.last30Days).toMatchObject({ amountCents: 0, quantity: 0, orders: 0 });
  });

  it('answers 403 to pending and rejected vendors and 401 without a token', async () => {
    for (const account of [demoAccounts.pending, demoAccounts.rejected]) {
      expect(await api('/api/dashboard', { token: await idTokenFor(account.email, account.password) })).toMatchObject({ status: 403, body: { error: 'vendor_not_approved' } });
    }
    expect((await api('/api/dashboard')).status).toBe(401);
  });

  it('the demo vendor has a dashboard', async () => {
    const { approved } = demoAccounts;
    const res = await api('/api/dashboard', { token: await idTokenFor(approved.email, approved.password) });
    expect(res.status).toBe(200);
    expect((res.body as Dashboard).daily).toHaveLength(30);
  });
});
