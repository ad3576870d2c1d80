import { vi } from 'vitest';
import { CONFIG, meBody, type FetchCall } from './amplify-mock';

/** What the sales pages' tests answer: JSON (`{ status, body }`), a ready Response, or undefined for the default. */
export type SalesAnswer = { status: number; body?: unknown } | Response | undefined;
export type SalesHandler = (call: FetchCall & { path: string; query: URLSearchParams }) => SalesAnswer | Promise<SalesAnswer>;

/** The 30 marketplace days ending with `today`, oldest first. */
export function last30Days(today = '2026-03-08'): string[] {
  const end = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: 30 }, (_, i) => new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** A GET /api/dashboard answer (docs/api.md) with a sale on every third day and today. */
export function dashboardBody(overrides: Record<string, unknown> = {}) {
  const days = last30Days();
  const daily = days.map((day, i) => (i % 3 === 2 || i === 29 ? { day, amountCents: 1000 * (i + 1) + 99, quantity: i + 1, orders: 1 + (i % 2) } : { day, amountCents: 0, quantity: 0, orders: 0 }));
  const period = (n: number) => {
    const slice = daily.slice(-n);
    return {
      from: slice[0]!.day,
      to: days[29]!,
      amountCents: slice.reduce((s, d) => s + d.amountCents, 0),
      quantity: slice.reduce((s, d) => s + d.quantity, 0),
      orders: slice.reduce((s, d) => s + d.orders, 0),
    };
  };
  return {
    asOf: '2026-03-08T18:04:05.123Z',
    timeZone: 'America/Los_Angeles',
    today: '2026-03-08',
    currency: 'USD',
    periods: { today: period(1), last7Days: period(7), last15Days: period(15), last30Days: period(30) },
    balanceCents: 254310,
    minimumPayoutCents: 5000,
    nextPayoutDate: '2026-03-15',
    daily,
    ...overrides,
  };
}

/** An order as GET /api/orders gives it; `n` makes the number and time unique (newer for smaller n). */
export function orderBody(n: number, overrides: Record<string, unknown> = {}) {
  return {
    orderId: `O-${n}`,
    orderNumber: `GM-${100000 + n}`,
    placedAt: new Date(Date.parse('2026-03-08T18:04:05.000Z') - n * 3_600_000).toISOString(),
    status: (['paid', 'pending', 'fulfilled', 'cancelled'] as const)[n % 4],
    totalCents: 1590,
    quantity: 1,
    lines: [{ name: 'Jasmine Rice 5 kg', sku: 'RICE-5KG', quantity: 1, unitPriceCents: 1590 }],
    ...overrides,
  };
}

/**
 * Replaces fetch for the sales pages: /config.json (`config`), GET /api/me (the demo vendor) and GET
 * /api/dashboard (dashboardBody) unless `handler` answers the call first. Returns the recorded calls.
 */
export function stubSalesFetch(handler: SalesHandler = () => undefined, config: Record<string, unknown> = CONFIG): (FetchCall & { path: string; query: URLSearchParams })[] {
  const calls: (FetchCall & { path: string; query: URLSearchParams })[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/config.json') return new Response(JSON.stringify(config), { status: 200 });
      const parsed = new URL(url, 'http://portal.test');
      const call = {
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      let answer = await handler(call);
      if (answer === undefined && call.path === '/api/me') answer = { status: 200, body: call.method === 'PATCH' ? meBody(call.body as Record<string, unknown>) : meBody() };
      if (answer === undefined && call.path === '/api/dashboard') answer = { status: 200, body: dashboardBody() };
      if (answer === undefined) answer = { status: 404, body: { error: 'not_found', message: `No stub for ${call.path}` } };
      if (answer instanceof Response) return answer;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Whitespace as people read it: Intl puts narrow no-break spaces in "6:39 PM". */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
