import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ProductView } from '../../contracts/listings/model';
import { localTableName } from '../../contracts/tables';
import { completeForm } from '../lambdas/listings/fixtures';
import { createdProduct, formWithImages, listingsVendor, objectExists, products, uploadImage, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { useTestStackEnv } from '../support/auth';

/**
 * Issue 10: `PUT` of P1 dropping image X at the same moment as `PUT` of P2 adding X. Before image
 * references were claimed in the product write's transaction, P1's cleanup saw no product using X
 * (P2's write had not landed yet) and deleted X and its check record while P2 answered 200 with X.
 * Now whichever lands second loses cleanly: X survives while P2 references it, or P2 is refused.
 */

let a: ListingsVendor;
let checkOf: (key: string) => Promise<Record<string, unknown> | undefined>;

beforeAll(async () => {
  useTestStackEnv();
  a = await listingsVendor('images.race', 'Image Race Foods');
  const { dynamo } = await import('../../lambdas/shared/clients');
  checkOf = async (key) => (await dynamo.send(new GetCommand({ TableName: localTableName('imageChecks'), Key: { key }, ConsistentRead: true }))).Item;
});

const TRIES = 12;

describe('an image dropped by one product while another is saved with it', () => {
  it(`is never deleted while the other product references it (${TRIES} tries)`, { timeout: 240_000 }, async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < TRIES; i += 1) {
      const x = await uploadImage(a.identityId);
      const p1Form = await formWithImages(a, {}, 1);
      const p1 = await createdProduct(a, false, { images: [...p1Form.images, x], nutritionLabel: p1Form.nutritionLabel });
      const p2 = await createdProduct(a, false);
      const p2Content = p2.revision!.content;

      const [dropped, added] = await Promise.all([
        products.save(a.token, p1.productId, { ...p1Form, images: p1Form.images }, false),
        products.save(a.token, p2.productId, completeForm({ images: [...p2Content.images, x], nutritionLabel: p2Content.nutritionLabel! }), false),
      ]);
      expect(dropped.status).toBe(200);
      const p2Now = (await products.get(a.token, p2.productId)).body as ProductView;
      const p2UsesX = p2Now.revision!.content.images.includes(x);
      if (added.status === 200) {
        expect(p2UsesX).toBe(true);
        // The image P2 was saved with is still there, and still accepted on the next save.
        expect({ try: i, exists: await objectExists(x), check: (await checkOf(x))?.status }).toEqual({ try: i, exists: true, check: 'valid' });
        const again = await products.save(a.token, p2.productId, completeForm({ images: p2Now.revision!.content.images, nutritionLabel: p2Content.nutritionLabel! }), false);
        expect(again.status).toBe(200);
        outcomes.push('kept');
      } else {
        // The cleanup won: P2 is refused as a field error, nothing written, X gone for good.
        expect(added).toMatchObject({ status: 400, body: { error: expect.any(String), fields: { images: expect.any(String) } } });
        expect(p2UsesX).toBe(false);
        outcomes.push('refused');
      }
    }
    // Both orders are fine; what may never happen is a 200 for P2 with X deleted (checked above).
    expect(outcomes).toHaveLength(TRIES);
  });

  it('an image two products share survives when one of them drops it', async () => {
    const x = await uploadImage(a.identityId);
    const form = await formWithImages(a, {}, 1);
    const p1 = await createdProduct(a, false, { images: [x], nutritionLabel: form.nutritionLabel });
    const p2 = await createdProduct(a, false, { images: [x, ...form.images] });
    expect((await products.save(a.token, p1.productId, { ...form, images: form.images }, false)).status).toBe(200);
    expect(await objectExists(x)).toBe(true);
    expect((await products.remove(a.token, p2.productId)).status).toBe(204);
    // Now nothing references it: deleted, its check record a `released` tombstone (issue 23: bound to its bytes for good).
    expect(await objectExists(x)).toBe(false);
    expect(await checkOf(x)).toMatchObject({ status: 'released', releasedAt: expect.any(String) });
  });
});
