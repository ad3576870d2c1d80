import { downloadApiFile, type DownloadedFile } from '../../../../lib/download';

/**
 * `GET /api/inventory/export.csv`: the inventory (`q`: the inventory's search; empty: all) as the bulk
 * CSV, or as a template (value cells blank). Run through lib/use-download.ts.
 */
export function exportInventoryCsv(q: string, template: boolean, signal?: AbortSignal): Promise<DownloadedFile> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (template) params.set('template', '1');
  const query = params.toString();
  return downloadApiFile(`/api/inventory/export.csv${query ? `?${query}` : ''}`, { fallbackName: template ? 'inventory-template.csv' : 'inventory.csv', signal });
}
