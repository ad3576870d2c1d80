/** A period's bank transfer instructions (one S3 object per payout) as one CSV for finance. */
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { instructionKey, type TransferInstruction } from '../../lambdas/payouts/bank';
import { payoutS3Client } from '../../lambdas/payouts/bank-s3';

const client = () => payoutS3Client();

/** Creates the local batch bucket on s3rver when missing (the cloud bucket comes from the stack). */
export async function ensureLocalBucket(bucket: string): Promise<void> {
  try {
    await client().send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((err as Error).name)) throw err;
  }
}

const COLUMNS = ['payoutId', 'vendorId', 'amountCents', 'currency', 'accountCurrency', 'accountHolderName', 'bankName', 'country', 'accountNumber', 'swiftBic'] as const;
const cell = (v: string | number) => {
  const s = String(v).replace(/^([=+\-@])/, "'$1");
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export async function readInstructions(bucket: string, periodId: string): Promise<TransferInstruction[]> {
  const s3 = client();
  const prefix = instructionKey(periodId, '').replace(/\.json$/, '');
  const out: TransferInstruction[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
    for (const o of page.Contents ?? []) {
      const body = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key }));
      out.push(JSON.parse(await body.Body!.transformToString()) as TransferInstruction);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out.sort((a, b) => a.payoutId.localeCompare(b.payoutId));
}

export async function batchCsv(bucket: string, periodId: string): Promise<string> {
  const rows = (await readInstructions(bucket, periodId)).map((i) => COLUMNS.map((c) => cell(i[c])).join(','));
  return [COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
