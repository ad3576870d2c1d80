/**
 * `npm run team:check-roles [-- --repair] [-- --vendor V-10001]`: members whose rights (their
 * membership item's role) differ from their role on the team page (the member record, the source of
 * truth), issue 24 item 1 (lambdas/team/role-check.ts; docs/operations.md "Team roles").
 *   default          report only; exits 1 when there are mismatches, so it can run as a check
 *   --repair         set each mismatched item's role to the record's (conditional: a change made meanwhile wins)
 *   --vendor <id>    one shop only
 *   --profile test   the test stack
 *   --cloud          a deployed stack: AWS credentials, MEMBERS_TABLE and VENDORS_TABLE from the stack's outputs
 */
import { parseArgs } from 'node:util';
import { useStackEnvironment } from './cli-stack';

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'dev' },
    cloud: { type: 'boolean', default: false },
    repair: { type: 'boolean', default: false },
    vendor: { type: 'string' },
  },
});

await useStackEnvironment({ profile: values.profile ?? 'dev', cloud: values.cloud ?? false, tables: ['members', 'vendors'] });
const { checkMemberRoles } = await import('../../lambdas/team/role-check');
const repair = values.repair ?? false;
const report = await checkMemberRoles({ repair, ...(values.vendor ? { vendorId: values.vendor } : {}) });
for (const m of report.mismatches) {
  console.log(`${m.repaired ? '✔ repaired' : repair ? '✖ changed meanwhile' : '✖'} ${m.vendorId} ${m.memberId} ${m.email}: team page ${m.teamRole}, rights ${m.accessRole}`);
}
for (const d of report.detached) console.log(`• ${d.vendorId} ${d.memberId} ${d.email}: active, but the user's item is not this membership (remove the member from the team page)`);
const open = report.mismatches.filter((m) => !m.repaired).length;
console.log(
  `${open ? '✖' : '✔'} ${report.checked} active member(s) checked; ${report.mismatches.length} with rights other than their role${repair ? ` (${report.mismatches.length - open} repaired${report.raced ? `, ${report.raced} changed meanwhile: run again` : ''})` : ''}; ${report.detached.length} detached.`,
);
process.exitCode = open ? 1 : 0;
