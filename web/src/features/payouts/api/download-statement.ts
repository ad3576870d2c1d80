import { useCallback } from 'react';
import { downloadApiFile, type DownloadedFile } from '../../../lib/download';
import { useDownload } from '../../../lib/use-download';

/** `GET /api/payouts/{payoutId}/statement.csv`, fetched with the ID token and saved under the server's file name. */
export function downloadStatement(payoutId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadApiFile(`/api/payouts/${encodeURIComponent(payoutId)}/statement.csv`, { fallbackName: `statement-${payoutId}.csv`, signal });
}

/** The statement download of one payout (lib/use-download.ts: busy, done or failed; leaving cancels it). */
export function useStatementDownload(payoutId: string) {
  return useDownload(useCallback((signal: AbortSignal) => downloadStatement(payoutId, signal), [payoutId]));
}
