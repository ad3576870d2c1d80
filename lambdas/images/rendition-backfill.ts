/**
 * The one-off of issue 23 (`npm run images:renditions`; docs/operations.md "Renditions of older
 * images"): images recorded valid before renditions existed have none, and answers name renditions
 * without looking (contracts/buckets.ts renditionKey), so their thumbnails would not load. Each such
 * image is checked again with the image check's own code (./check-handler.ts checkImage, as an event
 * without ETag and sequencer: the object as stored now), which writes the missing renditions with
 * the tag the upload has (`referenced=yes` once a product took it) and records them. Idempotent: an
 * image whose record lists renditions is skipped. An ops one-off, so it reads the image-checks table
 * page by page (a Scan), never on a request path.
 */
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { IMAGE_KEY_PATTERN } from '../../contracts/listings/schema';
import { paging } from '../shared/clients';
import { env } from '../shared/env';
import { tableName } from '../shared/tables';
import { checkImage } from './check-handler';
import type { ImageCheckItem } from './model';

export interface RenditionBackfillReport {
  /** Valid images without renditions found. */
  missing: number;
  /** Of those, given their renditions now. */
  made: number;
  /** Deleted (or replaced) since their check: nothing to make. */
  gone: number;
  /** Checked again and not valid any more (their check says why). */
  rejected: number;
}

export async function backfillRenditions(opts: { dryRun: boolean; log?: (line: string) => void }): Promise<RenditionBackfillReport> {
  const report: RenditionBackfillReport = { missing: 0, made: 0, gone: 0, rejected: 0 };
  const bucket = env.productImagesBucket();
  const pages = paginateScan(paging(), {
    TableName: tableName('imageChecks'),
    FilterExpression: '#status = :valid AND attribute_not_exists(renditions)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':valid': 'valid' },
  });
  for await (const page of pages) {
    for (const item of (page.Items ?? []) as ImageCheckItem[]) {
      if (!IMAGE_KEY_PATTERN.test(item.key)) continue;
      report.missing += 1;
      if (opts.dryRun) continue;
      const outcome = await checkImage(bucket, item.key);
      if (outcome.outcome === 'valid') report.made += 1;
      else if (outcome.outcome === 'rejected') report.rejected += 1;
      else report.gone += 1;
      opts.log?.(`${outcome.outcome} ${item.key}`);
    }
  }
  return report;
}
