import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { productImageRenditions, RENDITION_NAMES, renditionKey } from '../../contracts/buckets';
import type { ProductView } from '../../contracts/listings/model';
import { localTableName } from '../../contracts/tables';
import { completeForm } from '../lambdas/listings/fixtures';
import { createdProduct, formWithImages, listingsVendor, objectExists, products, uploadImage, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { useTestStackEnv } from '../support/auth';

/**
 * Issue 10: `PUT` of P1 dropping image X at the same moment as `PUT` of P2 adding X. Before image
 * references were claimed in the product write's transaction, P1's cleanup saw no product using X
 * (P2's write had not landed yet) and deleted X and its check record while P2 answered 200 with X.
 * Issue 24: claims alone still let the cleanup win the race: P2 was refused and X deleted for good
 * (7 of 12 tries), although the vendor had just saved X into P2. Now a dropped image is deleted only
 * once nothing has referenced it for a grace period (lambdas/listings/images.ts), so a save racing the
 * drop always gets its image.
 */

let a: ListingsVendor;
let checkOf: (key: string) => Promise<Record<string, unknown> | undefined>;
let renditionExists: (key: string) => Promise<boolean>;

beforeAll(async () => {
  useTestStackEnv();
  a = await listingsVendor('images.race', 'Image Race Foods');
  const { dynamo } = await import('../../lambdas/shared/clients');
  checkOf = async (key) => (await dynamo.send(new GetCommand({ TableName: localTableName('imageChecks'), Key: { key }, ConsistentRead: true }))).Item;
  const s3 = (await import('../../lambdas/shared/s3')).s3Client();
  renditionExists = async (key) => {
    try {
      await s3.send(new HeadObjectCommand({ Bucket: productImageRenditions.localName, Key: key }));
      return true;
    } catch (err) {
      if ((err as Error).name === 'NotFound') return false;
      throw err;
    }
  };
});

const TRIES = 12;

describe('an image dropped by one product while another is saved with it', () => {
  it(`the other product always gets it, and it stays while referenced (${TRIES} tries)`, { timeout: 240_000 }, async () => {
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
      // P2 always gets the image it was saved with: never refused because P1's cleanup took it.
      outcomes.push(added.status === 200 ? 'kept' : `refused ${JSON.stringify(added.body)}`);
      const p2Now = (await products.get(a.token, p2.productId)).body as ProductView;
      if (added.status !== 200) continue;
      expect(p2Now.revision!.content.images).toContain(x);
      expect({ try: i, exists: await objectExists(x), check: (await checkOf(x))?.status }).toEqual({ try: i, exists: true, check: 'valid' });
      // Still accepted on the next save.
      const again = await products.save(a.token, p2.productId, completeForm({ images: p2Now.revision!.content.images, nutritionLabel: p2Content.nutritionLabel! }), false);
      expect(again.status).toBe(200);
    }
    expect(outcomes).toEqual(Array.from({ length: TRIES }, () => 'kept'));
  });

  it('an image two products share survives when one of them drops it', async () => {
    const x = await uploadImage(a.identityId);
    const form = await formWithImages(a, {}, 1);
    const p1 = await createdProduct(a, false, { images: [x], nutritionLabel: form.nutritionLabel });
    const p2 = await createdProduct(a, false, { images: [x, ...form.images] });
    expect((await products.save(a.token, p1.productId, { ...form, images: form.images }, false)).status).toBe(200);
    expect(await objectExists(x)).toBe(true);
    expect((await products.remove(a.token, p2.productId)).status).toBe(204);
    // Nothing references it now, but it stays for the grace period: a save racing the drop could still take it.
    expect(await objectExists(x)).toBe(true);
    expect(await checkOf(x)).toMatchObject({ status: 'valid' });
    // The vendor's next sweep after the grace period deletes it; its check record becomes a `released`
    // tombstone (issue 23: bound to its bytes for good).
    const { sweepDroppedImages, IMAGE_DELETE_GRACE_MS } = await import('../../lambdas/listings/images');
    expect(await sweepDroppedImages({ vendorId: a.vendorId, identityId: a.identityId }, new Date(Date.now() - 1_000))).toEqual([]);
    expect(await objectExists(x)).toBe(true);
    expect(await sweepDroppedImages({ vendorId: a.vendorId, identityId: a.identityId }, new Date(Date.now() + IMAGE_DELETE_GRACE_MS + 1_000))).toContain(x);
    expect(await objectExists(x)).toBe(false);
    expect(await checkOf(x)).toMatchObject({ status: 'released', releasedAt: expect.any(String) });
  });
});

/**
 * Issue 24: two products saved at the same moment, over and over, swapping and sharing a small pool
 * of images (each save drops some and adds others, the cleanup of one racing the claim of the other).
 * Every save must succeed, and after every round each image either product references as stored
 * must still be there: its upload, its renditions, and a `valid` check record.
 */
describe('two products saved at once, swapping and sharing images', () => {
  const ROUNDS = 16;
  /** What each round saves: P1's and P2's images as indexes into the pool of three. */
  const PLAN: [number[], number[]][] = [
    [[1], [0]], // swap
    [[0], [1]], // swap back
    [[0, 1], []], // P1 takes both, P2 drops its one
    [[], [0, 1]], // and the other way round
    [[2], [0, 1, 2]], // shared
    [[0, 1], [2]],
    [[1, 2], [0]],
    [[0], [1, 2]],
  ];

  it(`never deletes an image a product references (${ROUNDS} rounds)`, { timeout: 300_000 }, async () => {
    const draft = (images: string[]) => completeForm({ images, nutritionLabel: '' });
    const created = await Promise.all([products.create(a.token, draft([]), false), products.create(a.token, draft([]), false)]);
    const ids = created.map((res) => (res.body as ProductView).productId);
    const pool = await Promise.all([0, 1, 2].map(() => uploadImage(a.identityId)));
    const problems: unknown[] = [];
    const outcomes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const plan = PLAN[round % PLAN.length]!;
      const answers = await Promise.all(ids.map((id, p) => products.save(a.token, id, draft(plan[p]!.map((i) => pool[i]!)), false)));
      outcomes.push(...answers.map((res) => res.status));
      // What the products reference now, as stored.
      const referenced = new Set<string>();
      for (const id of ids) for (const key of ((await products.get(a.token, id)).body as ProductView).revision!.content.images) referenced.add(key);
      for (const key of referenced) {
        const state = { round, key, exists: await objectExists(key), renditions: await Promise.all(RENDITION_NAMES.map((n) => renditionExists(renditionKey(key, n)))), check: (await checkOf(key))?.status };
        if (!state.exists || state.renditions.includes(false) || state.check !== 'valid') problems.push(state);
      }
    }
    expect(problems).toEqual([]);
    // Every save got the images it was sent with: none was refused because the other's cleanup took one.
    expect(outcomes).toEqual(Array.from({ length: ROUNDS * 2 }, () => 200));
  });
});
