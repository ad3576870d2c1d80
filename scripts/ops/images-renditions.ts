/**
 * `npm run images:renditions [-- --dry-run]`: the one-off that gives images checked before issue 23
 * their renditions (lambdas/images/rendition-backfill.ts; docs/operations.md "Renditions of older images").
 *   default          the running local portal (`npm start`)
 *   --profile test   the test stack
 *   --cloud          a deployed stack: AWS credentials, IMAGE_CHECKS_TABLE, PRODUCT_IMAGES_BUCKET and
 *                    RENDITIONS_BUCKET from the stack's outputs
 *   --verbose        one line per image
 */
import { parseArgs } from 'node:util';
import { useStackEnvironment } from './cli-stack';

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'dev' },
    cloud: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

await useStackEnvironment({
  profile: values.profile ?? 'dev',
  cloud: values.cloud ?? false,
  tables: ['imageChecks'],
  env: [
    { name: 'PRODUCT_IMAGES_BUCKET', output: 'ProductImagesBucketName' },
    { name: 'RENDITIONS_BUCKET', output: 'RenditionsBucketName' },
  ],
  alsoWaitFor: ['s3'],
});
const { backfillRenditions } = await import('../../lambdas/images/rendition-backfill');
const dryRun = values['dry-run'] ?? false;
const report = await backfillRenditions({ dryRun, ...(values.verbose ? { log: (line: string) => console.log(`  ${line}`) } : {}) });
console.log(
  dryRun
    ? `• ${report.missing} valid image(s) without renditions would be checked again.`
    : `✔ ${report.missing} valid image(s) without renditions: ${report.made} given their renditions, ${report.gone} gone since, ${report.rejected} rejected on a second look.`,
);
