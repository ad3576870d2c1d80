/**
 * A period's bank transfer instructions (one S3 object per payout, bank.ts) as one CSV for finance:
 * `npm run payouts:bank -- batch` and the console's download (issue 13) build the same file.
 */
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { instructionKey, type TransferInstruction } from './bank';
import { payoutS3Client } from './bank-s3';

const COLUMNS = ['payoutId', 'vendorId', 'amountCents', 'currency', 'accountCurrency', 'accountHolderName', 'bankName', 'country', 'accountNumber', 'swiftBic'] as const;
const cell = (v: string | number) => {
  const s = String(v).replace(/^([=+\-@])/, "'$1");
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export async function readInstructions(bucket: string, periodId: string, s3: S3Client = payoutS3Client()): Promise<TransferInstruction[]> {
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

export function instructionsCsv(instructions: readonly TransferInstruction[]): string {
  const rows = instructions.map((i) => COLUMNS.map((c) => cell(i[c])).join(','));
  return [COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

export async function batchCsv(bucket: string, periodId: string, s3?: S3Client): Promise<string> {
  return instructionsCsv(await readInstructions(bucket, periodId, s3));
}
