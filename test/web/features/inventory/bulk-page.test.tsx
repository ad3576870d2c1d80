import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkJob } from '../../../../contracts/bulk';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { auth, configure, meBody, signedInUser } from '../../amplify-mock';
import { openRoute } from '../listings/listings-fixtures';
import { resetAppState } from '../../render-app';
import type { SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const TITLE = new RegExp(`^(${en.bulk_title}|${zhTW.bulk_title})$`);
const fill = (text: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

const dryRun: BulkJob = {
  jobId: 'B-0MIE1J8Q0A1B2C3',
  fileName: 'inventory.csv',
  status: 'ready',
  createdAt: '2026-03-08T10:00:00.000Z',
  summary: { rows: 3, changes: 1, unchanged: 1, errors: 1 },
  progress: { done: 0, total: 1 },
  rows: [
    { line: 2, sku: '10001-0001', productId: 'P-0000000001', nameEn: 'Oolong Tea', nameZh: '烏龍茶', kind: 'change', old: { priceCents: 1000, compareAtCents: null, inventory: 5 }, new: { priceCents: 1150, compareAtCents: null, inventory: 40 } },
    { line: 4, sku: '10001-0003', productId: 'P-0000000003', nameEn: 'Green Tea', nameZh: '綠茶', kind: 'error', error: 'price_format', old: { priceCents: 900, compareAtCents: null, inventory: 1 } },
  ],
};
const applied: BulkJob = {
  ...dryRun,
  status: 'applied',
  progress: { done: 1, total: 1 },
  appliedAt: '2026-03-08T10:01:00.000Z',
  undoUntil: '2026-03-09T10:01:00.000Z',
  applyReport: { written: 0, changed: 1, gone: 0 },
  rows: [{ ...dryRun.rows[0]!, outcome: 'changed' }, dryRun.rows[1]!],
};

/** The bulk routes: no last job, the dry run on upload, applying then applied. */
function bulkApi(language: 'en' | 'zh-TW', sent: unknown[]): SalesHandler {
  let polls = 0;
  let applying = false;
  return (call) => {
    if (call.path === '/api/me') return { status: 200, body: meBody({ language }) };
    if (call.path === '/api/inventory/bulk' && call.method === 'GET') return { status: 200, body: { job: null } };
    if (call.path === '/api/inventory/bulk' && call.method === 'POST') {
      sent.push(call.body);
      return { status: 201, body: dryRun };
    }
    if (call.path === `/api/inventory/bulk/${dryRun.jobId}` && call.method === 'POST') {
      applying = true;
      return { status: 202, body: { ...dryRun, status: 'applying' } };
    }
    // The job as the server has it: the dry run until Apply is sent (a refetch may come first), then applying, then applied.
    if (call.path === `/api/inventory/bulk/${dryRun.jobId}`) return { status: 200, body: !applying ? dryRun : (polls += 1) > 1 ? applied : { ...dryRun, status: 'applying' } };
    return undefined;
  };
}

describe('bulk price and stock (/inventory/bulk)', () => {
  // The page's lazy chunk, transformed once up front: the first test's 5-second heading wait is not spent on it.
  beforeAll(async () => {
    await import('../../../../web/src/features/inventory/bulk/bulk-page');
  }, 30_000);
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  for (const [language, t] of [['en', en], ['zh-TW', zhTW]] as const) {
    it(`uploads the file, shows the dry run with old → new and the error row, applies it and reports the row changed meanwhile (${language})`, { timeout: 30_000 }, async () => {
      const sent: unknown[] = [];
      const { user } = await openRoute('/inventory/bulk', bulkApi(language, sent), TITLE, { language });
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t.bulk_title));
      const file = new File(['SKU,Price (USD)\r\n10001-0001,11.50\r\n'], 'inventory.csv', { type: 'text/csv' });
      await user.upload(screen.getByTestId('bulk-file'), file);
      await user.click(screen.getByTestId('bulk-check'));
      // The job is polled until its dry run is ready: wait for the ready summary, not the first one shown.
      await waitFor(() =>
        expect(screen.getByTestId('bulk-summary').textContent).toBe(`${fill(t.bulk_summary, { rows: 3, changes: 1, unchanged: 1, errors: 1 })} ${t.bulk_not_applied_yet}`),
      );
      expect(sent).toEqual([{ fileName: 'inventory.csv', content: btoa('SKU,Price (USD)\r\n10001-0001,11.50\r\n') }]);
      const [change, error] = screen.getAllByTestId('bulk-row');
      expect(within(change!).getByTestId('bulk-price').textContent).toMatch(/10\.00 → .*11\.50/);
      expect(within(change!).getByTestId('bulk-stock').textContent).toBe('5 → 40');
      expect(within(error!).getByTestId('bulk-result').textContent).toBe(t.bulk_error_price_format);
      expect(screen.getByText(t.bulk_errors_skipped)).toBeTruthy();

      await user.click(screen.getByTestId('bulk-apply'));
      const report = await screen.findByTestId('bulk-report', {}, { timeout: 15_000 });
      expect(report.textContent).toContain(fill(t.bulk_applied_changed, { count: 1 }));
      expect(within(screen.getAllByTestId('bulk-row')[0]!).getByTestId('bulk-result').textContent).toBe(t.bulk_outcome_changed);
      expect(screen.getByTestId('bulk-undo').textContent).toBe(t.bulk_undo);
    });
  }

  it('choosing another file clears the previous dry run: Apply acts only on the file just checked (issue 24, item 15)', { timeout: 30_000 }, async () => {
    const second: BulkJob = { ...dryRun, jobId: 'B-0MIE1J8Q0D4E5F6', fileName: 'second.csv' };
    let uploads = 0;
    let releaseSecond: () => void = () => undefined;
    const secondChecked = new Promise<void>((resolve) => (releaseSecond = resolve));
    const applies: string[] = [];
    const handler: SalesHandler = async (call) => {
      if (call.path === '/api/inventory/bulk' && call.method === 'GET') return { status: 200, body: { job: null } };
      if (call.path === '/api/inventory/bulk' && call.method === 'POST') {
        uploads += 1;
        if (uploads === 1) return { status: 201, body: dryRun };
        await secondChecked;
        return { status: 201, body: second };
      }
      if (call.method === 'POST' && call.path.startsWith('/api/inventory/bulk/')) {
        applies.push(call.path);
        return { status: 202, body: { ...second, status: 'applying' } };
      }
      if (call.path === `/api/inventory/bulk/${dryRun.jobId}`) return { status: 200, body: dryRun };
      if (call.path === `/api/inventory/bulk/${second.jobId}`) return { status: 200, body: applies.length ? { ...second, status: 'applying' } : second };
      return undefined;
    };
    const { user } = await openRoute('/inventory/bulk', handler, TITLE);
    await user.upload(screen.getByTestId('bulk-file'), new File(['SKU,Price\r\n10001-0001,11.50\r\n'], 'inventory.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('bulk-check'));
    expect((await screen.findByTestId('bulk-job')).textContent).toContain('inventory.csv');
    // Another file chosen: the first file's dry run (and its Apply) is gone before the new one is checked.
    await user.upload(screen.getByTestId('bulk-file'), new File(['SKU,Price\r\n10001-0001,12.00\r\n'], 'second.csv', { type: 'text/csv' }));
    expect(screen.queryByTestId('bulk-job')).toBeNull();
    expect(screen.queryByTestId('bulk-apply')).toBeNull();
    await user.click(screen.getByTestId('bulk-check'));
    expect(screen.queryByTestId('bulk-apply')).toBeNull();
    releaseSecond();
    await waitFor(() => expect(screen.getByTestId('bulk-job').textContent).toContain('second.csv'));
    await user.click(screen.getByTestId('bulk-apply'));
    await waitFor(() => expect(applies).toEqual([`/api/inventory/bulk/${second.jobId}`]));
  });

  it('says in the page why a file could not be read (400 bulk_file_invalid)', async () => {
    const handler: SalesHandler = (call) => {
      if (call.path === '/api/inventory/bulk' && call.method === 'GET') return { status: 200, body: { job: null } };
      if (call.path === '/api/inventory/bulk') return { status: 400, body: { error: 'bulk_file_invalid', message: 'The first row must name the columns, one of them SKU.' } };
      return undefined;
    };
    const { user } = await openRoute('/inventory/bulk', handler, TITLE);
    await user.upload(screen.getByTestId('bulk-file'), new File(['name\r\nx\r\n'], 'x.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('bulk-check'));
    const alert = await screen.findByTestId('bulk-upload-error');
    expect(alert.getAttribute('role')).toBe('alert');
    // English shows the server's own sentence (lib/error-message.ts); other languages the translated reason.
    expect(alert.textContent).toContain(fill(en.bulk_upload_failed, { message: 'The first row must name the columns, one of them SKU.' }));
  });
});
