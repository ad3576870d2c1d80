import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BulkJob } from '@contracts/bulk';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { invalidateCatalogue, queryKeys } from '../../../../lib/query-client';

export type { BulkJob };

/** The answers' schemas (contracts/bulk.ts) and zod load with the first answer, in parallel with its request. */
const answers = () => import('@contracts/bulk');

/** How often the page asks how far a running apply or undo got. */
const PROGRESS_POLL_MS = 1_000;

export const isRunning = (job?: BulkJob | null): boolean => job?.status === 'applying' || job?.status === 'undoing';

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

/**
 * The job the page follows (`jobId`), or the vendor's last applied change (`null`), read again every
 * second while it applies or undoes. When a job seen running ends, every inventory and product list
 * loads again.
 */
export function useBulkJob(jobId: string | null) {
  const client = useQueryClient();
  const job = useQuery({
    queryKey: queryKeys.bulkJob(jobId),
    queryFn: ({ signal }) => (jobId ? getBulkJob(jobId, signal) : getLastBulkJob(signal)),
    refetchInterval: (query) => (isRunning(query.state.data) ? PROGRESS_POLL_MS : false),
  });
  const shown = job.data ?? null;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (isRunning(shown)) wasRunning.current = true;
    else if (wasRunning.current && shown) {
      wasRunning.current = false;
      invalidateCatalogue(client);
    }
  }, [shown, client]);
  return shown;
}

/** A job the page already has (a dry run's answer, an action's start) goes into the cache under its id. */
export const useRememberBulkJob = () => {
  const client = useQueryClient();
  return (job: BulkJob) => client.setQueryData(queryKeys.bulkJob(job.jobId), job);
};

/** `POST /api/inventory/bulk/{jobId}` (apply or undo): the started job is cached under its id, for the page to follow. */
export function useBulkAction() {
  const remember = useRememberBulkJob();
  return useMutation({
    mutationFn: ({ job, action }: { job: BulkJob; action: 'apply' | 'undo' }) => startBulkAction(job.jobId, action),
    onSuccess: (job) => void remember(job),
  });
}
