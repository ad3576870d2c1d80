import { S3Client } from '@aws-sdk/client-s3';
import { env as variables, type EnvSource } from './env';

/**
 * An S3 client as every Lambda (and the local stack, which runs the same handlers) should make it.
 * Checksums only where S3 requires them: with the SDK's default (WHEN_SUPPORTED) s3rver stores
 * streamed uploads with their aws-chunked framing and presigned PUT URLs carry a checksum the
 * browser's body does not match (DESIGN.md §3); the cloud gets the same settings so what runs there
 * is what the local tests exercised. Locally (AWS_ENDPOINT_URL_S3 set, only the local stack sets it)
 * s3rver wants path-style URLs and its fixed S3RVER key.
 */
export function s3Client(env?: EnvSource): S3Client {
  return new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(variables.s3EndpointOverride(env) ? { forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : {}),
  });
}

/** Whether an S3 error says the object is not there (HEAD answers a bare 404, which the SDK names NotFound). */
export function isMissingObject(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
}

/** The HTTP status of an S3 error (403 denied, 412 precondition failed, ...). */
export const s3ErrorStatus = (err: unknown): number | undefined => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
