/** The S3 instruction store of the bank-transfer provider (bucket: env `PAYOUT_BATCH_BUCKET`). */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env as variables, type EnvSource } from '../shared/env';
import type { InstructionStore } from './bank';

/**
 * An S3 client for the payout bucket. Locally (AWS_ENDPOINT_URL_S3 set, only the local stack sets
 * it) s3rver wants path-style URLs and its fixed S3RVER key.
 */
export function payoutS3Client(env?: EnvSource): S3Client {
  return variables.s3EndpointOverride(env)
    ? new S3Client({ forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
    : new S3Client({});
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
          // In the cloud the bucket's default encryption is the payouts KMS key; stated here too.
          ...(variables.s3EndpointOverride() ? {} : { ServerSideEncryption: 'aws:kms' }),
        }),
      );
    },
  };
}
