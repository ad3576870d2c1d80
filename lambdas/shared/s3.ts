import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

/**
 * What an S3 stand-in needs of the clients and requests (the local stack's s3rver: path-style URLs
 * and its fixed key, no SSE-KMS), injected by scripts/local/stand-ins.ts. The cloud has none: the
 * Lambdas carry no local branch, and the endpoint itself comes from the SDK's own
 * AWS_ENDPOINT_URL_S3, which only the local stack sets.
 */
export interface S3StandIn {
  clientConfig: S3ClientConfig;
  /** Whether puts may ask for SSE-KMS (the payout instructions do in the cloud). */
  supportsKms: boolean;
  /** Whether a put stores the tags it carries (`x-amz-tagging`); s3rver's does not, so they are put after it (renditions, lambdas/images/objects.ts). */
  tagsOnPut: boolean;
}

let standIn: S3StandIn | undefined;

/** Injects the stand-in's needs into the S3 clients this process makes from now on; `undefined`: the cloud's. */
export function useS3StandIn(s: S3StandIn | undefined): void {
  standIn = s;
}

export const s3StandIn = (): S3StandIn | undefined => standIn;

/**
 * An S3 client as every Lambda (and the local stack, which runs the same handlers) should make it.
 * Checksums only where S3 requires them: with the SDK's default (WHEN_SUPPORTED) s3rver stores
 * streamed uploads with their aws-chunked framing and presigned PUT URLs carry a checksum the
 * browser's body does not match; the cloud gets the same settings so what runs there
 * is what the local tests exercised. With a stand-in injected, its client settings on top.
 */
export function s3Client(): S3Client {
  return new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...standIn?.clientConfig,
  });
}

/** Whether an S3 error says the object is not there (HEAD answers a bare 404, which the SDK names NotFound). */
export function isMissingObject(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
}

/** The HTTP status of an S3 error (403 denied, 412 precondition failed, ...). */
export const s3ErrorStatus = (err: unknown): number | undefined => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
