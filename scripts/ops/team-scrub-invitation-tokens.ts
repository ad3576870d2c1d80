/**
 * `npm run team:scrub-invitation-tokens [-- --dry-run]`: once after deploying issue 24, removes the
 * plain invitation tokens that invitation outbox items written before it still hold
 * (lambdas/team/invitation-tokens.ts; docs/operations.md "Team invitations: stored tokens").
 * The invitations themselves keep working until they lapse.
 *   --profile test   the test stack
 *   --cloud          a deployed stack: AWS credentials and NOTIFICATIONS_TABLE from the stack's outputs
 */
import { parseArgs } from 'node:util';
import { useStackEnvironment } from './cli-stack';

const { values } = parseArgs({
  options: { profile: { type: 'string', default: 'dev' }, cloud: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
});

await useStackEnvironment({ profile: values.profile ?? 'dev', cloud: values.cloud ?? false, tables: ['notifications'] });
const { scrubInvitationTokens } = await import('../../lambdas/team/invitation-tokens');
const dryRun = values['dry-run'] ?? false;
const report = await scrubInvitationTokens({ dryRun });
console.log(`${dryRun ? '•' : '✔'} ${report.scanned} invitation e-mail item(s) read; ${report.scrubbed} ${dryRun ? 'hold' : 'held'} a plain token${dryRun ? ' (nothing changed)' : ', now removed'}.`);
