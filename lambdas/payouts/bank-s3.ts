/** The S3 instruction store of the bank-transfer provider (bucket: env `PAYOUT_BATCH_BUCKET`). */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3StandIn } from '../shared/s3';
import type { InstructionStore } from './bank';

/** An S3 client for the payout bucket (SDK defaults; with an injected stand-in, its settings: shared/s3.ts). */
export function payoutS3Client(): S3Client {
  return new S3Client({ ...s3StandIn()?.clientConfig });
}

export function s3InstructionStore(bucket: string, client: S3Client = payoutS3Client()): InstructionStore {
  return {
    async put(key, instruction) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: JSON.stringify(instruction),
          ContentType: 'application/json',
          // In the cloud the bucket's default encryption is the payouts KMS key; stated here too (not to a stand-in without KMS).
          ...(s3StandIn()?.supportsKms === false ? {} : { ServerSideEncryption: 'aws:kms' }),
        }),
      );
    },
  };
}
