/**
 * `npm run team:scrub-invitation-tokens [-- --dry-run]` (issue 24, item 5): the one-time removal of
 * plain invitation tokens from the invitation outbox items written before the notifier made the token
 * at sending time. Until then invite() put the token in the item's `params.token` and `link` (the
 * notifier e-mailed it from there); the member record already kept only its SHA-256.
 *
 * Decision (docs/decisions.md, "Issue 24, item 5"): those invitations keep working until they lapse
 * (at most INVITATION_TTL_DAYS): their e-mails are out and their records hold the hash, which is all
 * acceptance reads. Only the stored copies of the tokens go. Idempotent: items without a token are
 * skipped. An ops one-off, so it reads the table page by page (a Scan), never on a request path.
 */
import { paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, paging } from '../shared/clients';
import { tableName } from '../shared/tables';

export interface ScrubReport {
  /** Invitation outbox items read. */
  scanned: number;
  /** Those that held a token (removed, or with `dryRun` to be removed). */
  scrubbed: number;
}

/** The outbox item's link without the token: what invite() writes now. */
const linkWithoutToken = (link: string): string => {
  const url = new URL(link, 'https://portal.invalid');
  url.searchParams.delete('token');
  const query = url.searchParams.toString().replace(/\+/g, '%20');
  return `${url.pathname}${query ? `?${query}` : ''}`;
};

export async function scrubInvitationTokens(opts: { dryRun: boolean }): Promise<ScrubReport> {
  const report: ScrubReport = { scanned: 0, scrubbed: 0 };
  const pages = paginateScan(paging(), {
    TableName: tableName('notifications'),
    FilterExpression: 'begins_with(vendorId, :invite) AND #type = :type',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':invite': 'INVITE#', ':type': 'team_invitation' },
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      report.scanned += 1;
      const params = item.params as Record<string, unknown> | undefined;
      const link = typeof item.link === 'string' ? item.link : '';
      if (params?.token === undefined && !/[?&]token=/.test(link)) continue;
      report.scrubbed += 1;
      if (opts.dryRun) continue;
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName('notifications'),
          Key: { vendorId: item.vendorId as string, sk: item.sk as string },
          UpdateExpression: 'SET link = :link REMOVE params.#token',
          ConditionExpression: 'attribute_exists(sk)',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':link': linkWithoutToken(link) },
        }),
      );
    }
  }
  return report;
}
