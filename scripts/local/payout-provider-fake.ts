/**
 * A local fake of the e-mail payout provider's documented endpoint (lambdas/payouts/provider.ts):
 * `POST /v1/payouts` with `Idempotency-Key`. The same key answers the first call's result and is
 * paid once; `calls(key)` counts every request per key, so tests can prove "paid once".
 * Recipients whose address starts with `fail` are refused (`recipient_unavailable`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayoutProvider {
  url: string;
  apiKey: string;
  /** Requests received per idempotency key. */
  calls(key: string): number;
  /** Distinct payouts actually made (succeeded) per key: never more than 1. */
  payments(key: string): number;
  close(): Promise<void>;
}

interface Stored {
  status: number;
  body: { id: string; status: 'succeeded' | 'failed'; failureReason?: string };
  paid: boolean;
}

export async function startFakePayoutProvider(opts: { port?: number; apiKey?: string } = {}): Promise<FakePayoutProvider> {
  const apiKey = opts.apiKey ?? 'local-payout-key';
  const calls = new Map<string, number>();
  const results = new Map<string, Stored>();
  let seq = 0;
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/payouts') return send(404, { error: 'not_found' });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { error: 'unauthorized' });
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) return send(400, { error: 'missing_idempotency_key', failureReason: 'missing_idempotency_key' });
      calls.set(key, (calls.get(key) ?? 0) + 1);
      const previous = results.get(key);
      if (previous) return send(previous.status, previous.body);
      let body: { recipientEmail?: unknown; amountCents?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return send(400, { error: 'invalid_json', failureReason: 'invalid_json' });
      }
      const amountOk = typeof body.amountCents === 'number' && Number.isSafeInteger(body.amountCents) && body.amountCents > 0;
      const email = typeof body.recipientEmail === 'string' ? body.recipientEmail : '';
      const refused = !amountOk || !email.includes('@') || email.startsWith('fail');
      const stored: Stored = refused
        ? { status: 200, body: { id: `PP-${++seq}`, status: 'failed', failureReason: amountOk ? 'recipient_unavailable' : 'invalid_amount' }, paid: false }
        : { status: 201, body: { id: `PP-${++seq}`, status: 'succeeded' }, paid: true };
      results.set(key, stored);
      send(stored.status, stored.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls: (key) => calls.get(key) ?? 0,
    payments: (key) => (results.get(key)?.paid ? 1 : 0),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
