import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { useRememberBulkJob, type BulkJob } from './bulk-jobs';

/** The answers' schemas (contracts/bulk.ts) and zod load with the answer, in parallel with its request. */
const answers = () => import('@contracts/bulk');

/** The file's bytes as base64 (the server decodes UTF-8, UTF-16 or Big5 itself), read as a data: URL. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** `POST /api/inventory/bulk`: uploads the file for its dry run, a job in `ready`, nothing applied yet. */
export async function uploadBulkFile(file: File): Promise<BulkJob> {
  const content = await base64Of(file);
  const [{ bulkJobSchema }, data] = await Promise.all([answers(), apiRequest<unknown>('/api/inventory/bulk', { method: 'POST', body: { fileName: file.name || 'inventory.csv', content } })]);
  return parseAnswer(bulkJobSchema, data, 'POST /api/inventory/bulk');
}

/** The dry run of a file, cached under its job id for the page to show. */
export function useUploadBulkFile() {
  const remember = useRememberBulkJob();
  return useMutation({ mutationFn: uploadBulkFile, onSuccess: (job) => void remember(job) });
}
