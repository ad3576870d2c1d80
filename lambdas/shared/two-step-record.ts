/**
 * The record of a user's two-step sign-in (TOTP) state on their own item in the vendors table (issue 14;
 * issue 24, item 2): `mfaEnabled` and `mfaChangedAt`. With `mfaEnabled` true, `mfaChangedAt` is when the
 * server first saw it on, which the step-up (step-up.ts) takes as the earliest a sign-in through the code
 * can have been. Written by `POST /api/me/two-step` and the ops reset (lambdas/vendor/two-step.ts), and by
 * the step-up itself when Cognito says on and nothing recorded it.
 */
import { notificationWrites, type TransactItem } from '../notifications/record';
import { tableName } from './tables';
import type { VendorRecord } from './vendors';

/**
 * The transaction items recording a two-step state on the user's item (`mfaEnabled`, `mfaChangedAt`)
 * and the shop's security notice (always e-mailed: category security): `security_mfa_off` when it went
 * off, `security_mfa_on` when it went on (a vendor who did not turn it on learns it at once).
 * `onlyIfChanged`: the record update is conditional on the state differing from the recorded one
 * (a repeated call changes and announces nothing); "off" only from a recorded "on", so nobody who
 * never had it on is told it went off (issue 24, item 7).
 */
export function twoStepWrites(record: Pick<VendorRecord, 'userId' | 'vendorId'>, on: boolean, by: 'vendor' | 'operations', at: string, opts: { onlyIfChanged: boolean; notify: boolean }): TransactItem[] {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName('vendors'),
        Key: { userId: record.userId },
        UpdateExpression: 'SET mfaEnabled = :on, mfaChangedAt = :at, updatedAt = :at',
        ConditionExpression: !opts.onlyIfChanged
          ? 'attribute_exists(userId)'
          : on
            ? 'attribute_exists(userId) AND (attribute_not_exists(mfaEnabled) OR mfaEnabled <> :on)'
            : 'attribute_exists(userId) AND mfaEnabled = :wasOn',
        ExpressionAttributeValues: { ':on': on, ':at': at, ...(opts.onlyIfChanged && !on ? { ':wasOn': true } : {}) },
      },
    },
  ];
  if (opts.notify) {
    const vendorId = record.vendorId ?? record.userId;
    const subject = `${record.userId}.${at}`;
    items.push(...(on ? notificationWrites({ vendorId, type: 'security_mfa_on', subject, params: {}, createdAt: at }) : notificationWrites({ vendorId, type: 'security_mfa_off', subject, params: { by }, createdAt: at })));
  }
  return items;
}
