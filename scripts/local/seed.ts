import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GroupExistsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GROUPS } from '../../lib/definitions/auth';
import { createVendorIfAbsent } from '../../lambdas/shared/vendors';
import { reserveVendorId } from '../../lambdas/vendor/review';
import { demoAccounts, type DemoAccount } from './demo-accounts';

/**
 * Seeds the demo accounts idempotently: a second run finds them and changes nothing. Must be
 * imported after the local Lambda environment is set (the shared DynamoDB client reads it).
 */
export async function seedDemoData(opts: { cognitoEndpoint: string; userPoolId: string }): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: opts.cognitoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  for (const group of Object.values(GROUPS)) {
    try {
      await cognito.send(new CreateGroupCommand({ UserPoolId: opts.userPoolId, GroupName: group.name, Description: group.description }));
    } catch (err) {
      if (!(err instanceof GroupExistsException)) throw err;
    }
  }
  const userIds = new Map<DemoAccount, string>();
  for (const account of Object.values(demoAccounts) as DemoAccount[]) {
    const userId = await ensureUser(cognito, opts.userPoolId, account);
    userIds.set(account, userId);
    if (!account.vendor) continue;
    const now = new Date().toISOString();
    await createVendorIfAbsent({ userId, email: account.email, ...account.vendor, createdAt: now, updatedAt: now });
    if (account.vendor.vendorId) await reserveVendorId(account.vendor.vendorId);
  }
  cognito.destroy();
  await seedDemoOrders(demoAccounts.approved.vendor.vendorId);
  const { seedDemoProducts } = await import('./demo-products');
  await seedDemoProducts(demoAccounts.approved.vendor.vendorId, userIds.get(demoAccounts.approved)!);
}

/**
 * The demo vendor's sales, published through the order ingest (scripts/local/order-simulator.ts; at
 * least one order in every status today): 50 orders over the last 30 days on a fresh portal; on a
 * kept portal whose newest order is from an earlier day, a top-up from that day to today, so
 * "Today" and "7 Days" are never empty while the history is kept.
 */
async function seedDemoOrders(vendorId: string): Promise<void> {
  const { publishSimulatedOrders, simulateOrders, newestOrderPlacedAt } = await import('./order-simulator');
  const { MARKETPLACE_TIME_ZONE, daysBetween, marketplaceDay } = await import('../../lambdas/shared/dates');
  const newest = await newestOrderPlacedAt(vendorId);
  const today = marketplaceDay(new Date(), MARKETPLACE_TIME_ZONE);
  let plan: { count: number; days: number };
  if (!newest) plan = { count: 50, days: 30 };
  else {
    const behind = daysBetween(marketplaceDay(new Date(newest), MARKETPLACE_TIME_ZONE), today);
    if (behind <= 0) return;
    const days = Math.min(30, behind + 1);
    plan = { count: Math.max(12, Math.round((50 * days) / 30)), days };
  }
  const summary = await publishSimulatedOrders(simulateOrders({ vendorId, ...plan }));
  if (summary.rejected || summary.failed) {
    throw new Error(`Seeding the demo orders of ${vendorId}: ${summary.rejected} events rejected, ${summary.failed} failed (see the dead-letter folder).`);
  }
}

async function ensureUser(cognito: CognitoIdentityProviderClient, userPoolId: string, account: DemoAccount): Promise<string> {
  const subOf = (attrs?: { Name?: string; Value?: string }[]) => attrs?.find((a) => a.Name === 'sub')?.Value;
  try {
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: account.email }));
    const sub = subOf(existing.UserAttributes);
    if (sub) return sub;
  } catch (err) {
    if (!(err instanceof UserNotFoundException)) throw err;
  }
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: account.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: 'true' },
        ...(account.vendor
          ? [
              { Name: 'name', Value: account.vendor.vendorName },
              { Name: 'custom:status', Value: account.vendor.status },
            ]
          : []),
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: account.email, Password: account.password, Permanent: true }));
  for (const group of account.groups) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.email, GroupName: group }));
  }
  const sub = subOf(created.User?.Attributes);
  if (!sub) throw new Error(`cognito-local returned no sub for ${account.email}`);
  return sub;
}
