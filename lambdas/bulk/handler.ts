/**
 * Bulk price and stock by spreadsheet (issue 15; docs/api.md, "Bulk price and stock"): upload → dry
 * run (a job in `ready`), the job with its rows and progress, apply and undo (handed to the bulk
 * worker). Parsing and rules: ./sheet.ts; the job: ./jobs.ts.
 */
import * as z from 'zod';
import { BULK_MAX_FILE_BYTES } from '../../contracts/bulk-model';
import type { BulkLast } from '../../contracts/bulk';
import { apiHandler, route } from '../shared/http';
import { logger } from '../shared/logger';
import { dryRun, jobView, ownJob, startApply, startUndo } from './jobs';
import { lastAppliedJob } from './store';

/** The upload: the file's name and its bytes as base64 (the browser reads the file; the server decodes it). */
export const uploadBody = z.strictObject({
  fileName: z.string().trim().min(1, 'bulk_file_name').max(200, 'bulk_file_name'),
  content: z
    .string()
    .min(1, 'bulk_file_empty')
    .max(Math.ceil(BULK_MAX_FILE_BYTES / 3) * 4, 'bulk_file_too_large')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'bulk_file_base64'),
});

/** Apply the dry run, or undo the apply. */
export const actionBody = z.strictObject({ action: z.enum(['apply', 'undo'], { message: 'must be apply or undo' }) });

const jobId = (params: Record<string, string>) => params.jobId ?? '';

export const handler = apiHandler('bulk', {
  'POST /api/inventory/bulk': route({
    access: 'vendor',
    body: uploadBody,
    async handler({ body, caller }) {
      const vendorId = caller.vendor.vendorId;
      const { job, rows } = await dryRun(vendorId, body.fileName, Buffer.from(body.content, 'base64'));
      logger.info('bulk dry run', { vendorId, jobId: job.jobId, summary: job.summary });
      return { statusCode: 201, body: await jobView(job, new Date(), rows) };
    },
  }),

  'GET /api/inventory/bulk': route({
    access: 'vendor',
    async handler({ caller }) {
      const job = await lastAppliedJob(caller.vendor.vendorId);
      const body: BulkLast = { job: job ? await jobView(job) : null };
      return { body };
    },
  }),

  'GET /api/inventory/bulk/{jobId}': route({
    access: 'vendor',
    async handler({ params, caller }) {
      return { body: await jobView(await ownJob(caller.vendor.vendorId, jobId(params))) };
    },
  }),

  'POST /api/inventory/bulk/{jobId}': route({
    access: 'vendor',
    body: actionBody,
    async handler({ body, params, caller }) {
      const vendorId = caller.vendor.vendorId;
      // Who asks is the activity log's actor of the job's changes (the owner or a team member).
      const actor = { userId: caller.userId, email: caller.email };
      const job = body.action === 'apply' ? await startApply(vendorId, jobId(params), actor) : await startUndo(vendorId, jobId(params), actor);
      logger.info(`bulk ${body.action} started`, { vendorId, jobId: job.jobId });
      return { statusCode: 202, body: await jobView(job) };
    },
  }),
});
