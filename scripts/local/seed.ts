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
  for (const account of Object.values(demoAccounts) as DemoAccount[]) {
    const userId = await ensureUser(cognito, opts.userPoolId, account);
    if (!account.vendor) continue;
    const now = new Date().toISOString();
    await createVendorIfAbsent({ userId, email: account.email, ...account.vendor, createdAt: now, updatedAt: now });
    if (account.vendor.vendorId) await reserveVendorId(account.vendor.vendorId);
  }
  cognito.destroy();
  await seedDemoOrders(demoAccounts.approved.vendor.vendorId);
}

/**
 * The demo vendor's sales: 50 simulated marketplace orders over the last 30 days, published through
 * the order ingest (scripts/local/order-simulator.ts; at least one order in every status today) —
 * only while the vendor has no orders at all, so a kept portal keeps its history.
 */
async function seedDemoOrders(vendorId: string): Promise<void> {
  const { publishSimulatedOrders, simulateOrders, vendorHasOrders } = await import('./order-simulator');
  if (await vendorHasOrders(vendorId)) return;
  const summary = await publishSimulatedOrders(simulateOrders({ vendorId, count: 50, days: 30 }));
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
