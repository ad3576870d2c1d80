import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../web/src/i18n/en.json';
import zhTW from '../../../web/src/i18n/zh-TW.json';
import { i18n, switchLanguage } from '../../../web/src/i18n/i18n';
import { ApiError } from '../../../web/src/lib/api';
import { API_ERROR_REASONS, describeError, errorReasonKey } from '../../../web/src/lib/error-message';
import { API_ERROR_CODES } from '../../../contracts/errors';
import { BULK_ROW_ERRORS } from '../../../contracts/bulk-model';

const root = path.resolve(__dirname, '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : file.endsWith('.ts') ? [file] : [];
  });

/** Every `error` code the server side can answer: `new XError(message, 'code')`, `[MESSAGE, 'code']`, `{ error: 'code' }` and the errors' defaults. */
function serverCodes(): string[] {
  const codes = new Set<string>();
  const files = [...sources(path.join(root, 'lambdas')), path.join(root, 'scripts/local/api-server.ts')];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new (?:BadRequest|Unauthorized|Forbidden|NotFound|Conflict|TooManyRequests|Http)Error\(([\s\S]*?)\);/g)) {
      const code = /'([a-z][a-z_]*)'\s*,?\s*$/.exec(m[1]!)?.[1];
      if (code) codes.add(code);
    }
    for (const m of text.matchAll(/_MESSAGE, '([a-z][a-z_]*)'\]/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/\berror: '([a-z][a-z_]*)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/\berrorBody\('([a-z][a-z_]*)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/code = '([a-z][a-z_]*)'|super\(\d+, '([a-z][a-z_]*)'/g)) codes.add((m[1] ?? m[2])!);
  }
  // A bulk file's row problems (issue 15) are `error` codes of rows inside a 200 answer, not API errors:
  // the bulk page translates them itself (`bulk_row_error_<code>`).
  return [...codes].filter((code) => !(BULK_ROW_ERRORS as readonly string[]).includes(code)).sort();
}

const zh = async () => {
  await switchLanguage('zh-TW');
  return { t: i18n.t.bind(i18n), done: () => switchLanguage('en') };
};
const hasLatin = (s: string) => /[A-Za-z]{3,}/.test(s);

describe('error texts (issue 10): known codes translated, raw text only as a detail', () => {
  it('maps every error code the lambdas and the local API answer to its own text, in both languages', () => {
    const codes = serverCodes();
    // The scan finds the codes (a guard against the scan silently finding nothing).
    expect(codes).toEqual(expect.arrayContaining(['support_rate_limited', 'invalid_iban', 'invalid_phone', 'product_under_review', 'vendor_not_approved', 'internal_error', 'unauthorized']));
    expect(codes.filter((code) => !(code in API_ERROR_REASONS)), 'codes without a translated text').toEqual([]);
    // The union the server's errors are typed with (contracts/errors.ts) declares every code answered, and each has its text.
    expect(codes.filter((code) => !(API_ERROR_CODES as readonly string[]).includes(code)), 'codes missing from ApiErrorCode').toEqual([]);
    expect(API_ERROR_CODES.filter((code) => !(code in API_ERROR_REASONS))).toEqual([]);
    for (const key of Object.values(API_ERROR_REASONS)) {
      expect(en, key).toHaveProperty(key);
      expect(zhTW, key).toHaveProperty(key);
    }
  });

  it('maps browser, status and Cognito failures: network, rate limit, validation, session expired, server error', () => {
    expect(errorReasonKey(new TypeError('Failed to fetch'))).toBe('error_network');
    expect(errorReasonKey(new TypeError('NetworkError when attempting to fetch resource.'))).toBe('error_network');
    expect(errorReasonKey(new TypeError('Load failed'))).toBe('error_network');
    expect(errorReasonKey(Object.assign(new Error('Network error'), { name: 'NetworkError' }))).toBe('error_network');
    expect(errorReasonKey(new ApiError(429, 'support_rate_limited', 'You can open at most 10 support cases an hour.'))).toBe('error_reason_support_rate_limited');
    expect(errorReasonKey(new ApiError(429, 'http_429', 'Too Many Requests'))).toBe('error_reason_rate_limited');
    expect(errorReasonKey(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }))).toBe('error_reason_rate_limited');
    expect(errorReasonKey(new ApiError(400, 'validation_error', 'Invalid body: x'))).toBe('error_reason_validation');
    expect(errorReasonKey(new ApiError(401, 'unauthorized', 'Unauthorized'))).toBe('error_reason_session_expired');
    expect(errorReasonKey(new ApiError(401, 'http_401', 'Unauthorized'))).toBe('error_reason_session_expired');
    expect(errorReasonKey(Object.assign(new Error('Refresh Token has expired'), { name: 'NotAuthorizedException' }))).toBe('error_reason_session_expired');
    expect(errorReasonKey(new ApiError(500, 'internal_error', 'Something went wrong. Reference: abc'))).toBe('error_reason_server');
    expect(errorReasonKey(new ApiError(503, 'http_503', 'Service Unavailable'))).toBe('error_reason_server');
    expect(errorReasonKey(new ApiError(200, 'invalid_response', 'The server answered with something other than JSON.'))).toBe('error_reason_bad_response');
    expect(errorReasonKey(new Error('???'))).toBe('error_reason_unknown');
  });

  it('zh-TW: the sentence is the translation; no English server or browser text is added, only a request id (issue 24, item 19)', async () => {
    const { t, done } = await zh();
    try {
      const server = describeError(new ApiError(503, 'support_busy', 'Support is down, try later.'), t, 'zh-TW');
      expect(server).toEqual({ message: zhTW.error_reason_busy, detail: null });
      const network = describeError(new TypeError('Failed to fetch'), t, 'zh-TW');
      expect(network).toEqual({ message: zhTW.error_network, detail: null });
      expect(describeError(Object.assign(new Error('Refresh Token has expired'), { name: 'NotAuthorizedException' }), t, 'zh-TW')).toEqual({ message: zhTW.error_reason_session_expired, detail: null });
      // A server failure's reference is what support asks for: it stays, without the English around it.
      const failed = describeError(new ApiError(500, 'internal_error', 'Something went wrong. Reference: 3f2a-9c1e'), t, 'zh-TW');
      expect(failed).toEqual({ message: zhTW.error_reason_server, detail: '3f2a-9c1e' });
      expect(hasLatin(zhTW.error_detail_label)).toBe(false);
      expect(t('error_occurred_with_message', { message: network.message })).toBe(`發生錯誤：${zhTW.error_network}`);
      for (const key of new Set([...Object.values(API_ERROR_REASONS), 'error_network', 'error_reason_unknown', 'error_reason_too_large'])) {
        expect(hasLatin((zhTW as Record<string, string>)[key]!.replace(/IBAN|SWIFT\/BIC|CSV|SKU/g, '')), key).toBe(false);
      }
    } finally {
      await done();
    }
  });

  it("English keeps the spec's texts: the server's or browser's own words in the sentence, no detail", () => {
    const t = i18n.t.bind(i18n);
    expect(describeError(new ApiError(429, 'support_rate_limited', 'You can open at most 10 support cases an hour.'), t, 'en')).toEqual({ message: 'You can open at most 10 support cases an hour.', detail: null });
    expect(describeError(new TypeError('Failed to fetch'), t, 'en')).toEqual({ message: 'Failed to fetch', detail: null });
  });
});
