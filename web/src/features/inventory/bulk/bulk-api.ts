import type { BulkJob } from '../../../../../contracts/bulk';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { downloadApiFile, type DownloadedFile } from '../../../lib/download';

export type { BulkJob };

/** The answers' schemas (contracts/bulk.ts) and zod load with the first answer, in parallel with its request. */
const answers = () => import('../../../../../contracts/bulk');

/** The inventory (`q`: the inventory's search; empty: all) as the bulk CSV, or as a template (value cells blank). */
export function exportInventoryCsv(q: string, template: boolean, signal?: AbortSignal): Promise<DownloadedFile> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (template) params.set('template', '1');
  const query = params.toString();
  return downloadApiFile(`/api/inventory/export.csv${query ? `?${query}` : ''}`, { fallbackName: template ? 'inventory-template.csv' : 'inventory.csv', signal });
}

/** The file's bytes as base64 (the server decodes UTF-8, UTF-16 or Big5 itself), read as a data: URL. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Uploads the file for its dry run: a job in `ready`, nothing applied yet. */
export async function uploadBulkFile(file: File): Promise<BulkJob> {
  const content = await base64Of(file);
  const [{ bulkJobSchema }, data] = await Promise.all([answers(), apiRequest<unknown>('/api/inventory/bulk', { method: 'POST', body: { fileName: file.name || 'inventory.csv', content } })]);
  return parseAnswer(bulkJobSchema, data, 'POST /api/inventory/bulk');
}

export async function getBulkJob(jobId: string, signal?: AbortSignal): Promise<BulkJob> {
  const [{ bulkJobSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/inventory/bulk/${encodeURIComponent(jobId)}`, { signal })]);
  return parseAnswer(bulkJobSchema, data, 'GET /api/inventory/bulk/{jobId}');
}

/** The vendor's last applied bulk change (for its report and Undo), or null. */
export async function getLastBulkJob(signal?: AbortSignal): Promise<BulkJob | null> {
  const [{ bulkLastSchema }, data] = await Promise.all([answers(), apiRequest<unknown>('/api/inventory/bulk', { signal })]);
  return parseAnswer(bulkLastSchema, data, 'GET /api/inventory/bulk').job;
}

/** Apply the dry run, or undo the apply: the job as it starts (the page then follows its progress). */
export async function startBulkAction(jobId: string, action: 'apply' | 'undo'): Promise<BulkJob> {
  const [{ bulkJobSchema }, data] = await Promise.all([answers(), apiRequest<unknown>(`/api/inventory/bulk/${encodeURIComponent(jobId)}`, { method: 'POST', body: { action } })]);
  return parseAnswer(bulkJobSchema, data, 'POST /api/inventory/bulk/{jobId}');
}
