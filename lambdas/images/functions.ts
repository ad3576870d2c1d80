/**
 * The image check Lambda: what the CDK images construct (lib/images.ts) deploys and what the local
 * stack (scripts/local/s3.ts) runs for s3rver's events — one definition, so both subscribe the same
 * handler to the same keys.
 */
import { productImagesBucket } from '../../contracts/buckets';
import type { TableAccess } from '../shared/tables';

export const imageCheckFunction = {
  entry: 'images/check-handler.ts',
  description: 'Product images: checks every upload (type from its bytes, size, count per upload folder), deletes what breaks the rules',
  /** Check results and upload-folder slots; read too (the folder's admitted keys when it is full). */
  tables: { imageChecks: 'rw' },
  /** Object-created events of keys under this prefix only: vendors can write nowhere else. */
  keyPrefix: productImagesBucket.vendorPrefix,
} as const satisfies { entry: string; description: string; tables: TableAccess; keyPrefix: string };
