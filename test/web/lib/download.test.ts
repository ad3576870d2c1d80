import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/lib/api';
import { resetAuthForTests } from '../../../web/src/lib/auth-client';
import { resetConfigForTests } from '../../../web/src/lib/config';
import { downloadApiFile, filenameFromContentDisposition, REVOKE_AFTER_MS, saveBlob } from '../../../web/src/lib/download';
import { auth, configure, signedInUser } from '../amplify-mock';
import { stubSalesFetch } from '../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const BOM = [0xef, 0xbb, 0xbf];
const CSV = '\uFEFFOrder number,Product\r\nGM-100245,烏龍茶 Oolong Tea\r\n';

/** jsdom has no object URLs: record what is created and revoked, and the links clicked. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  const clicks: { href: string; download: string; inDocument: boolean }[] = [];
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => { const url = `blob:portal/${++n}`; blobs.set(url, blob); return url; }), revokeObjectURL: vi.fn((url: string) => revoked.push(url)) }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
  });
  return { blobs, revoked, clicks };
}

describe('file names from content-disposition', () => {
  it.each([
    ['attachment; filename="orders-V-10001-2026-03-08.csv"', 'orders-V-10001-2026-03-08.csv'],
    ['attachment; filename=orders.csv', 'orders.csv'],
    ['attachment;filename="a \\"quoted\\" name.csv"', 'a _quoted_ name.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''%E8%A8%82%E5%96%AE.csv", '訂單.csv'],
    ["attachment; filename*=utf-8''r%C3%A9sum%C3%A9.csv", 'résumé.csv'],
    ["attachment; filename*=iso-8859-1''caf%E9.csv", 'café.csv'],
    ['attachment; filename="../../etc/passwd"', '_.._etc_passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.csv"', 'C_temp_x.csv'],
  ])('%s → %s', (header, name) => {
    expect(filenameFromContentDisposition(header, 'fallback.csv')).toBe(name);
  });

  it('falls back when there is no usable name', () => {
    expect(filenameFromContentDisposition(null, 'orders.csv')).toBe('orders.csv');
    expect(filenameFromContentDisposition('attachment', 'orders.csv')).toBe('orders.csv');
    expect(filenameFromContentDisposition('attachment; filename=""', 'orders.csv')).toBe('orders.csv');
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4", 'orders.csv')).toBe('orders.csv');
  });
});

describe('saveBlob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('clicks a temporary <a download> on an object URL, removes it, and revokes the URL later', () => {
    const { clicks, revoked, blobs } = captureDownloads();
    const blob = new Blob([CSV], { type: 'text/csv' });
    saveBlob(blob, 'orders.csv');
    expect(clicks).toEqual([{ href: 'blob:portal/1', download: 'orders.csv', inDocument: true }]);
    expect(blobs.get('blob:portal/1')).toBe(blob);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoked).toEqual(['blob:portal/1']);
  });
});

describe('downloadApiFile', () => {
  beforeEach(() => {
    resetConfigForTests();
    resetAuthForTests();
    signedInUser('demo.vendor@example.com', 'the-id-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it('fetches with the ID token and saves the bytes as sent (BOM included) under the server’s name', async () => {
    const { blobs, clicks } = captureDownloads();
    const calls = stubSalesFetch(
      () =>
        new Response(new TextEncoder().encode(CSV), {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders-V-10001-2026-03-08.csv"' },
        }),
    );
    const file = await downloadApiFile('/api/orders/export.csv?status=paid', { fallbackName: 'orders.csv' });
    expect(calls[0]).toMatchObject({ url: '/api/orders/export.csv?status=paid', method: 'GET', headers: { authorization: 'Bearer the-id-token' } });
    expect(file.filename).toBe('orders-V-10001-2026-03-08.csv');
    expect(clicks[0]?.download).toBe('orders-V-10001-2026-03-08.csv');
    const bytes = new Uint8Array(await blobs.get('blob:portal/1')!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    expect(file.size).toBe(bytes.length);
    expect(new TextDecoder().decode(bytes)).toContain('烏龍茶 Oolong Tea');
  });

  it("turns a JSON error into an ApiError with the server's code and message, and saves nothing", async () => {
    const { clicks } = captureDownloads();
    stubSalesFetch(() => ({ status: 400, body: { error: 'validation_error', message: 'from must not be after to' } }));
    const err = await downloadApiFile('/api/orders/export.csv?from=2026-03-09&to=2026-03-08', { fallbackName: 'orders.csv' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation_error', message: 'from must not be after to' });
    expect(clicks).toHaveLength(0);
  });

  it('copes with an error that is not JSON', async () => {
    captureDownloads();
    stubSalesFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(downloadApiFile('/api/orders/export.csv', { fallbackName: 'orders.csv' })).rejects.toMatchObject({ status: 502, code: 'http_502', message: 'Bad Gateway' });
  });

  it('a download cut off halfway fails instead of saving part of a file', async () => {
    const { clicks } = captureDownloads();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(CSV));
        controller.error(new TypeError('network error'));
      },
    });
    stubSalesFetch(() => new Response(body, { status: 200, headers: { 'content-disposition': 'attachment; filename="orders.csv"' } }));
    await expect(downloadApiFile('/api/orders/export.csv', { fallbackName: 'orders.csv' })).rejects.toThrow('network error');
    expect(clicks).toHaveLength(0);
  });

  it('fails with 401 unauthenticated without a session, before any request', async () => {
    auth.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const calls = stubSalesFetch();
    await expect(downloadApiFile('/api/orders/export.csv', { fallbackName: 'orders.csv' })).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(calls).toHaveLength(0);
  });
});
