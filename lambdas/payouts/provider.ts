/**
 * Payout providers behind one interface. The worker calls `pay` after the exactly-once transaction,
 * with the payout id as idempotency key: calling again for the same payout (a retry after a crash)
 * must never pay twice — the provider answers the first call's result.
 */
import { env, type EnvSource } from '../shared/env';
import type { PayoutAccountItem } from './model';

export interface PayoutRequest {
  payoutId: string;
  /** The idempotency key of this attempt (model.ts `attemptKey`); the payout id when absent. */
  idempotencyKey?: string;
  /** Sent to the vendor (after the fee), USD cents. */
  amountCents: number;
  account: PayoutAccountItem;
}

/**
 * `paid`: done. `submitted`: handed to a process that confirms later (bank). `failed`: the provider refused for good (bad destination, ...): the balance is
 * re-credited. A thrown error means "unknown" (network, 5xx): the message is retried and the same
 * idempotency key is sent again.
 */
export type PayoutResult =
  | { status: 'paid'; reference: string }
  | { status: 'failed'; reason: string }
  /** Handed over (bank transfer instruction): paid or failed when ops confirm. */
  | { status: 'submitted'; reference: string };

export interface PayoutProvider {
  pay(request: PayoutRequest): Promise<PayoutResult>;
}

/** Base URL and credentials of the e-mail payout provider. */
export interface EmailProviderConfig {
  baseUrl: string;
  apiKey: string;
}

/**
 * Where the provider's configuration comes from: locally env `PAYOUT_PROVIDER_URL` /
 * `PAYOUT_PROVIDER_API_KEY` (`envConfigSource`); in the cloud the Secrets Manager secret
 * `PAYOUT_PROVIDER_SECRET_ARN`, read and cached through the Powertools Parameters utility
 * (`secretsManagerConfigSource`, secrets-config.ts).
 */
export interface ConfigSource {
  emailProvider(): Promise<EmailProviderConfig>;
}

export const envConfigSource = (source?: EnvSource): ConfigSource => ({
  async emailProvider() {
    return { baseUrl: env.payoutProviderUrl(source), apiKey: env.payoutProviderApiKey(source) };
  },
});

export class TransientProviderError extends Error {
  override name = 'TransientProviderError';
}

/**
 * The e-mail payout provider's REST API (the endpoints the local fake implements):
 *   POST {baseUrl}/v1/payouts   headers: Authorization: Bearer <key>, Idempotency-Key: <payout id>
 *        body { recipientEmail, amountCents, currency: 'USD', reference }
 *        → 200/201 { id, status: 'succeeded' | 'failed', failureReason? }
 * 4xx other than 408/409/429 is a refusal (failed); 5xx, 408/409/429 and network errors are transient.
 */
export function emailPayoutProvider(config: ConfigSource, fetchImpl: typeof fetch = fetch): PayoutProvider {
  return {
    async pay({ payoutId, idempotencyKey, amountCents, account }) {
      if (account.method !== 'email') return { status: 'failed', reason: 'not_an_email_destination' };
      const { baseUrl, apiKey } = await config.emailProvider();
      let res: Response;
      try {
        res = await fetchImpl(new URL('/v1/payouts', baseUrl), {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': idempotencyKey ?? payoutId, 'content-type': 'application/json' },
          body: JSON.stringify({ recipientEmail: account.email, amountCents, currency: 'USD', reference: payoutId }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        throw new TransientProviderError(`Payout provider unreachable: ${(err as Error).message}`);
      }
      if (res.status >= 500 || [408, 409, 429].includes(res.status)) {
        throw new TransientProviderError(`Payout provider answered ${res.status}`);
      }
      const body = (await res.json().catch(() => ({}))) as { id?: unknown; status?: unknown; failureReason?: unknown };
      if (!res.ok) return { status: 'failed', reason: typeof body.failureReason === 'string' ? body.failureReason : `http_${res.status}` };
      if (body.status === 'succeeded' && typeof body.id === 'string') return { status: 'paid', reference: body.id };
      if (body.status === 'failed') return { status: 'failed', reason: typeof body.failureReason === 'string' ? body.failureReason : 'refused' };
      throw new TransientProviderError(`Unexpected provider answer: ${JSON.stringify(body).slice(0, 200)}`);
    },
  };
}
