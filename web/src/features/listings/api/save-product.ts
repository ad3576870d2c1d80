import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductView } from '@contracts/listings/model';
import type { ProductFormValues } from '@contracts/listings/schema';
import { apiRequest } from '../../../lib/api';
import { invalidateCatalogue } from '../../../lib/query-client';
import { productAnswer, productPath } from './get-product';

/**
 * Creates a product from the form's values (the wire format of contracts/listings/schema.ts): a draft,
 * or with `submit` sent to review at once (the server checks it with productSubmitSchema).
 * `idempotencyKey` (one per save, lib/idempotency.ts) makes a repeat create nothing more.
 */
export async function createProduct(values: ProductFormValues, submit: boolean, idempotencyKey?: string): Promise<ProductView> {
  return productAnswer(apiRequest<unknown>('/api/products', { method: 'POST', body: { values, submit }, idempotencyKey }), 'POST /api/products');
}

/** Saves the form as the product's revision (a published product keeps its live version), with `submit` sent to review. */
export async function updateProduct(productId: string, values: ProductFormValues, submit: boolean): Promise<ProductView> {
  return productAnswer(apiRequest<unknown>(productPath(productId), { method: 'PUT', body: { values, submit } }), 'PUT /api/products/{productId}');
}

export interface ProductSave {
  values: ProductFormValues;
  submit: boolean;
  /** A new product's Idempotency-Key (lib/idempotency.ts): the same while the same save is sent again. */
  idempotencyKey?: string;
  /** Aborted when the form goes away: a save waiting for the image checks stops waiting. */
  signal?: AbortSignal;
}

/**
 * The item form's save: `POST /api/products` (a new product) or `PUT /api/products/{productId}`.
 * Images just uploaded may still be in the server's check: the save is sent again once they pass
 * (image-check-wait.ts), `checkingImages` saying so meanwhile. Saved, every product list, product and
 * inventory list is marked to load again when next shown (the form's own query is not reloaded under it).
 */
export function useSaveProduct(productId: string | undefined) {
  const client = useQueryClient();
  const [checkingImages, setCheckingImages] = useState(false);
  const mutation = useMutation({
    mutationFn: async ({ values, submit, idempotencyKey, signal }: ProductSave) => {
      // The waiting is code for the save only: it loads with the first save (the form fetches it ahead).
      const { sendWhenImagesChecked } = await import('../image-check-wait');
      const send = () => (productId ? updateProduct(productId, values, submit) : createProduct(values, submit, idempotencyKey));
      return sendWhenImagesChecked(send, { onWaiting: () => setCheckingImages(true), signal });
    },
    onSettled: () => setCheckingImages(false),
    onSuccess: () => invalidateCatalogue(client, 'none'),
  });
  return { ...mutation, checkingImages };
}
