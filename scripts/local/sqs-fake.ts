/**
 * A local fake of Amazon SQS's `SendMessageBatch` (AWS JSON 1.0, what @aws-sdk/client-sqs speaks), for
 * `npm run bench:payouts` (issue 23): the payout run enqueues through its real SQS code
 * (lambdas/payouts/run-handler.ts `sqsEnqueue`: batches of ten, bounded calls in flight, retries of
 * failed entries) and the bench counts what arrived. Each call is answered after `latencyMs` (a
 * round trip to SQS in the same region is ~10–30 ms), so the figure includes what the run's
 * parallelism buys against a remote queue — DynamoDB Local answers in-process-fast, SQS would not.
 * The MD5 of each body is the real one: the SDK checks it.
 *
 * Only what the bench needs: SendMessageBatch to any queue URL; anything else is a 400.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSqs {
  /** The endpoint for the SQS client (`http://127.0.0.1:<port>`). */
  endpoint: string;
  /** Every message body received, in arrival order. */
  bodies(): string[];
  /** SendMessageBatch calls answered, and the most in flight at once. */
  stats(): { calls: number; mostInFlight: number };
  close(): Promise<void>;
}

interface Entry {
  Id?: string;
  MessageBody?: string;
}

export async function startFakeSqs(opts: { latencyMs?: number } = {}): Promise<FakeSqs> {
  const latencyMs = opts.latencyMs ?? 20;
  const bodies: string[] = [];
  let calls = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  let seq = 0;
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        if (req.headers['x-amz-target'] !== 'AmazonSQS.SendMessageBatch') {
          return send(400, { __type: 'com.amazonaws.sqs#InvalidAction', message: `The fake answers SendMessageBatch only, not ${String(req.headers['x-amz-target'])}` });
        }
        let input: { Entries?: Entry[] };
        try {
          input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof input;
        } catch {
          return send(400, { __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'Not JSON' });
        }
        calls += 1;
        const successful = (input.Entries ?? []).map((e) => {
          const body = e.MessageBody ?? '';
          bodies.push(body);
          return { Id: e.Id, MessageId: `fake-${++seq}`, MD5OfMessageBody: createHash('md5').update(body, 'utf8').digest('hex') };
        });
        send(200, { Successful: successful, Failed: [] });
      }, latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bodies: () => bodies,
    stats: () => ({ calls, mostInFlight }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
