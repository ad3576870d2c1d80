/**
 * `npm run listings:review -- <productId> approve|reject "reason" ["reason"...]`: the review decision
 * on a product submitted for review, through the same domain function the ops console will call
 * (lambdas/listings/review.ts). `npm run listings:review -- --list` prints the queue, oldest first.
 *   default          the running local portal (`npm start`)
 *   --profile test   the test stack
 *   --cloud          a deployed stack: set AWS credentials and PRODUCTS_TABLE, IMAGE_CHECKS_TABLE,
 *                    COUNTERS_TABLE (the product tabs' counts, issue 15) and PRODUCT_IMAGES_BUCKET from
 *                    the stack's outputs (see docs/operations.md)
 */
import { parseArgs } from 'node:util';
import { cliOperator, useStackEnvironment } from './cli-stack';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { profile: { type: 'string', default: 'dev' }, cloud: { type: 'boolean', default: false }, list: { type: 'boolean', default: false } },
});
const [productId, decision, ...reasons] = positionals;
const usage = 'Usage: npm run listings:review -- <productId> approve|reject "reason" ["reason"...]   (or: npm run listings:review -- --list)';

if (!values.list) {
  if (!productId || (decision !== 'approve' && decision !== 'reject')) {
    console.error(usage);
    process.exit(2);
  }
  if (decision === 'reject' && reasons.length === 0) {
    console.error('A rejection needs at least one reason the vendor will read, e.g. npm run listings:review -- P-3F9A1C07B2 reject "The primary image has a coloured background"');
    process.exit(2);
  }
  if (decision === 'approve' && reasons.length > 0) {
    console.error('An approval takes no reasons. ' + usage);
    process.exit(2);
  }
}

await useStackEnvironment({
  profile: values.profile ?? 'dev',
  cloud: values.cloud ?? false,
  tables: ['products', 'imageChecks', 'notifications', 'audit'],
  env: [{ name: 'PRODUCT_IMAGES_BUCKET', output: 'ProductImagesBucketName' }],
  alsoWaitFor: ['s3'],
});

const { pendingReviews, reviewProduct } = await import('../../lambdas/listings/review');
const { HttpError } = await import('../../lambdas/shared/errors');
try {
  if (values.list) {
    const queue = await pendingReviews(1000);
    if (queue.length === 0) console.log('• Nothing is waiting for review.');
    for (const p of queue) {
      const name = [p.nameEn, p.nameZh].filter(Boolean).join(' / ');
      console.log(`${p.submittedAt}  ${p.productId}  ${p.vendorId}  ${p.sku}  ${p.update ? 'update ' : 'new    '}  ${name}`);
    }
  } else {
    // The audit log names the operator (cliOperator: the login, OPS_EMAIL when set).
    const { product, deletedImages } = await reviewProduct({ productId: productId!, decision: decision as 'approve' | 'reject', reasons }, cliOperator());
    const what =
      decision === 'approve'
        ? `is now published${deletedImages.length ? ` (${deletedImages.length} image${deletedImages.length === 1 ? '' : 's'} no longer used deleted)` : ''}`
        : `is now rejected: ${product.revision!.rejectionReasons!.map((r) => `"${r}"`).join(', ')}`;
    console.log(`✔ ${product.productId} ${product.revision?.content.nameEn ?? product.nameEn} (${product.vendorId}, SKU ${product.sku}) ${what}.`);
  }
} catch (err) {
  console.error(`✖ ${err instanceof HttpError ? err.message : (err as Error).stack}`);
  process.exit(1);
}
