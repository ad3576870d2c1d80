/** A period's bank transfer instructions (one S3 object per payout) as one CSV for finance (lambdas/payouts/bank-batch.ts). */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { payoutS3Client } from '../../lambdas/payouts/bank-s3';

export { batchCsv, readInstructions } from '../../lambdas/payouts/bank-batch';

/** Creates the local batch bucket on s3rver when missing (the cloud bucket comes from the stack). */
export async function ensureLocalBucket(bucket: string): Promise<void> {
  try {
    await payoutS3Client().send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((err as Error).name)) throw err;
  }
}
