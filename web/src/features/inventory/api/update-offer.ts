import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferView } from '@contracts/listings/answers';
import type { OfferFormValues } from '@contracts/listings/schema';
import { ApiError, apiRequest, parseAnswer } from '../../../lib/api';
import { invalidateCatalogue } from '../../../lib/query-client';

/** The answers' schemas (contracts/listings/answers.ts) and zod load with the answer, in parallel with its request. */
const answers = () => import('@contracts/listings/answers');

/**
 * `PATCH /api/products/{productId}/offer`: price, compare-at price, inventory, out-of-stock (until a
 * day) and the low-stock threshold, without review; the body is the dialog's values (offerSchema's
 * wire format) and the product `version` the dialog opened, when known: a product changed since is
 * refused (409 `offer_changed`, see `changedOffer`). Resolves with the offer of the answer (a
 * ProductView, checked with offerAnswerSchema), or null for an answer without a body (then the row
 * shows the values the server accepted).
 */
export async function patchOffer(productId: string, values: OfferFormValues, version?: number): Promise<OfferView | null> {
  const body = version === undefined ? values : { ...values, version };
  const [{ offerAnswerSchema }, answer] = await Promise.all([answers(), apiRequest<unknown>(`/api/products/${encodeURIComponent(productId)}/offer`, { method: 'PATCH', body })]);
  return answer === undefined ? null : parseAnswer(offerAnswerSchema, answer, 'PATCH /api/products/{productId}/offer').offer;
}

/** The current offer a 409 `offer_changed` carries (the product changed since the dialog opened), else null. */
export async function changedOffer(err: unknown): Promise<OfferView | null> {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== 'offer_changed') return null;
  const { offerConflictSchema } = await answers();
  const parsed = offerConflictSchema.safeParse(err.details);
  return parsed.success ? parsed.data.current : null;
}

/** What a save came to: the offer saved, or (409 `offer_changed`) the current offer of a product changed since the dialog opened. */
export type OfferSave = { saved: OfferView | null } | { changed: OfferView };

/**
 * The offer dialog's save. A product changed since the dialog opened is an answer, not a failure: the
 * dialog shows the current values and the next save goes on from their version. Saved, every product
 * list and other inventory search is marked to load again when next shown (the caller changes the row
 * on screen from the answer).
 */
export function useUpdateOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, values, version }: { productId: string; values: OfferFormValues; version?: number }): Promise<OfferSave> => {
      try {
        return { saved: await patchOffer(productId, values, version) };
      } catch (err) {
        const changed = await changedOffer(err);
        if (changed) return { changed };
        throw err;
      }
    },
    onSuccess: (result) => {
      if ('saved' in result) invalidateCatalogue(client, 'none');
    },
  });
}
