import { useCallback } from 'react';
import type { ActivityFilter } from '@contracts/activity';
import { downloadApiFile, type DownloadedFile } from '../../../lib/download';
import { useDownload } from '../../../lib/use-download';
import { activityQuery } from '../activity-filter';

/** `GET /api/activity.csv`: the filtered log as a file (marketplace times with their offset). */
export function exportActivityCsv(filter: ActivityFilter, signal?: AbortSignal): Promise<DownloadedFile> {
  const qs = activityQuery(filter);
  return downloadApiFile(`/api/activity.csv${qs ? `?${qs}` : ''}`, { fallbackName: 'activity.csv', signal });
}

/** The export of the filter in force (lib/use-download.ts: busy, done or failed; leaving the page cancels it). */
export function useActivityExport(filter: ActivityFilter) {
  return useDownload(useCallback((signal: AbortSignal) => exportActivityCsv(filter, signal), [filter]));
}
