import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayIn, formatDateTime, formatInstant } from '../../../web/src/lib/format';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch } from '../amplify-mock';
import { renderApp, resetAppState } from '../render-app';
import { plain } from '../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/**
 * Issue 24, item 14: one clock. Every time the web shows is in the marketplace's zone (the tests'
 * /config.json says America/Los_Angeles) with the zone named, whatever the browser's zone: here the
 * process runs in Asia/Taipei (16 hours ahead in November), as a vendor's browser in Taiwan does.
 */
const WEB_SRC = join(__dirname, '../../../web/src');
const FORMATTER = 'lib/format.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What formats a date or time, or reads the browser's zone, outside the formatter module. */
const FORBIDDEN: [RegExp, string][] = [
  [/Intl\.DateTimeFormat/, 'Intl.DateTimeFormat'],
  [/\.toLocale(Date|Time)?String\(/, 'toLocaleString / toLocaleDateString / toLocaleTimeString'],
  [/\.to(Date|Time)String\(/, 'toDateString / toTimeString (browser zone)'],
  [/\.get(FullYear|Month|Date|Day|Hours|Minutes)\(/, "a Date's local-zone getter (use the UTC one or lib/format.ts)"],
  [/getTimezoneOffset/, 'getTimezoneOffset (the browser zone)'],
];

describe('one formatter module (issue 24, item 14)', () => {
  it(`web/src formats dates and times only in ${FORMATTER}`, () => {
    const found: string[] = [];
    for (const file of sources(WEB_SRC)) {
      const name = relative(WEB_SRC, file).replaceAll('\\', '/');
      if (name === FORMATTER) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, what] of FORBIDDEN) if (pattern.test(line)) found.push(`${name}:${i + 1}: ${what}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the check fires on each forbidden form', () => {
    for (const line of ["new Intl.DateTimeFormat('en')", 'd.toLocaleString()', 'd.toLocaleTimeString()', 'd.getHours()', 'd.getTimezoneOffset()']) {
      expect(FORBIDDEN.some(([pattern]) => pattern.test(line)), line).toBe(true);
    }
    expect(FORBIDDEN.some(([pattern]) => pattern.test('d.getUTCHours() + n.toLocaleUpperCase()'))).toBe(false);
  });
});

describe('the marketplace clock with the browser in Asia/Taipei', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Taipei';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // 02:39 UTC on Nov 20 is 10:39 AM on Nov 20 in Taipei, 6:39 PM on Nov 19 in Los Angeles.
  const AT = '2026-11-20T02:39:00.000Z';

  it('the process really is in Taipei (the check below would prove nothing otherwise)', () => {
    expect(new Date(AT).getHours()).toBe(10);
  });

  it('formatInstant and formatDateTime show the marketplace time and name its zone', () => {
    expect(plain(formatInstant(AT, 'en', 'America/Los_Angeles'))).toBe('Nov 19, 2026, 6:39 PM PST');
    expect(formatInstant(AT, 'zh-TW', 'America/Los_Angeles')).toBe('2026年11月19日 下午6:39 [太平洋標準時間]');
    expect(plain(Object.values(formatDateTime(AT, 'en', 'America/Los_Angeles')).join(' '))).toBe('Nov 19, 2026 6:39 PM PST');
    expect(dayIn(new Date(AT), 'America/Los_Angeles')).toBe('2026-11-19');
  });

  it('before /config.json is read, a time is UTC and says so, never the browser zone', () => {
    expect(plain(formatInstant(AT, 'en', undefined))).toBe('Nov 20, 2026, 2:39 AM UTC');
  });

  describe('on the screens', () => {
    beforeEach(async () => {
      await resetAppState();
      vi.clearAllMocks();
      signedInUser();
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('the notifications inbox shows when an item came, and a payout hold, in the marketplace zone', async () => {
      storeAmplifySession();
      const item = { id: 'N-1', type: 'payout_method_changed', category: 'payouts', createdAt: AT, read: false, link: '/payouts', params: { method: 'bank', holdUntil: AT } };
      stubFetch((call) =>
        call.url === '/api/me'
          ? { status: 200, body: meBody() }
          : call.url.startsWith('/api/notifications/unread')
            ? { status: 200, body: { unread: 1 } }
            : call.url.startsWith('/api/notifications')
              ? { status: 200, body: { items: [item], nextCursor: null, unread: 1 } }
              : { status: 404, body: { error: 'not_found', message: 'x' } },
      );
      renderApp('/notifications');
      const entry = await screen.findByTestId('notification-item', {}, { timeout: 20_000 });
      await waitFor(() => expect(plain(entry.querySelector('time')?.textContent)).toBe('Nov 19, 2026, 6:39 PM PST'));
      expect(plain(entry.textContent)).toContain('held until Nov 19, 2026, 6:39 PM PST');
    });
  });
});
