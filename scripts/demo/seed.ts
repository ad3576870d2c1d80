import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetGroupCommand,
  GroupExistsException,
  ListUsersInGroupCommand,
  ResourceNotFoundException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GROUPS } from '../../contracts/auth';
import { localCognitoCredentials } from '../local/cognito';
import { createVendorIfAbsent } from '../../lambdas/shared/vendors';
import { reserveVendorId } from '../../lambdas/vendor/review';
import { DEMO_TOTP_SECRETS, demoAccounts, type DemoAccount } from './accounts';

/**
 * Seeds the demo accounts idempotently: a second run finds them and changes nothing. Must be
 * imported after the local Lambda environment is set (the shared DynamoDB client reads it).
 */
export async function seedDemoData(opts: { cognitoEndpoint: string; userPoolId: string; seedToken: string; log?: (line: string) => void }): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: opts.cognitoEndpoint,
    region: 'us-east-1',
    // The IAM-authorised targets (Admin*, the groups) want a signature with this start's token.
    credentials: localCognitoCredentials(opts.seedToken),
  });
  const fresh = !(await poolHasUser(cognito, opts.userPoolId, demoAccounts.admin.email));
  const { userIds, added } = await seedCognito(cognito, opts.userPoolId);
  if (!fresh && added.length) opts.log?.(`Repaired demo group memberships: ${added.join(', ')}`);
  await seedDemoTotp(opts.cognitoEndpoint, opts.userPoolId, opts.seedToken);
  for (const account of Object.values(demoAccounts) as DemoAccount[]) {
    if (!account.vendor) continue;
    const now = new Date().toISOString();
    await createVendorIfAbsent({ userId: userIds.get(account)!, email: account.email, ...account.vendor, createdAt: now, updatedAt: now });
    if (account.vendor.vendorId) await reserveVendorId(account.vendor.vendorId);
  }
  await (await import('./console-applications')).seedConsoleApplications((account) => ensureUser(cognito, opts.userPoolId, account));
  cognito.destroy();
  await seedDemoOrders(demoAccounts.approved.vendor.vendorId);
  const { seedDemoProducts } = await import('./products');
  await seedDemoProducts(demoAccounts.approved.vendor.vendorId, userIds.get(demoAccounts.approved)!);
  await (await import('./console-reviews')).seedConsoleReviews(demoAccounts.approved.vendor.vendorId, userIds.get(demoAccounts.approved)!);
  const { seedDemoNotifications } = await import('./notifications');
  await seedDemoNotifications(demoAccounts.approved.vendor.vendorId);
  await (await import('./console-support')).seedConsoleSupport({ vendorId: demoAccounts.approved.vendor.vendorId, userId: userIds.get(demoAccounts.approved)!, email: demoAccounts.approved.email });

  await (await import('./console-payouts')).seedConsolePayouts();
  // Issue 14: the demo vendor's team (staff.vendor@example.com, Inventory).
  await (await import('./team')).seedDemoTeam(demoAccounts.approved, userIds);
  // Issue 14: the Activity page's first entries (after the products, whose names they carry).
  await (await import('./activity')).seedDemoActivity(demoAccounts.approved.vendor.vendorId, { userId: userIds.get(demoAccounts.approved)!, email: demoAccounts.approved.email });
}

/**
 * The demo vendor's sales, published through the order ingest (scripts/demo/order-simulator.ts; at
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

/**
 * The pool's side of seeding, idempotent on a kept pool: the groups (created only when missing:
 * cognito-local's CreateGroup replaces an existing group, members and all, where Cognito would
 * answer GroupExistsException), the demo users, and each demo user's group memberships, checked
 * and repaired on every start (a pool seeded by an older version lost them on restart). Returns
 * the demo users' ids (sub) and the memberships it had to add (`<email> → <group>`).
 */
export async function seedCognito(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<{ userIds: Map<DemoAccount, string>; added: string[] }> {
  for (const group of Object.values(GROUPS)) await ensureGroup(cognito, userPoolId, group.name, group.description);
  const userIds = new Map<DemoAccount, string>();
  for (const account of Object.values(demoAccounts) as DemoAccount[]) userIds.set(account, await ensureUser(cognito, userPoolId, account));
  const added: string[] = [];
  const groupNames = new Set((Object.values(demoAccounts) as DemoAccount[]).flatMap((a) => a.groups));
  for (const group of groupNames) {
    const members = await groupMemberSubs(cognito, userPoolId, group);
    for (const account of Object.values(demoAccounts) as DemoAccount[]) {
      if (!account.groups.includes(group) || members.has(userIds.get(account)!)) continue;
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.email, GroupName: group }));
      added.push(`${account.email} → ${group}`);
    }
  }
  return { userIds, added };
}

async function poolHasUser(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<boolean> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return true;
  } catch (err) {
    if (err instanceof UserNotFoundException) return false;
    throw err;
  }
}

async function ensureGroup(cognito: CognitoIdentityProviderClient, userPoolId: string, name: string, description: string): Promise<void> {
  try {
    await cognito.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: name }));
    return;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  try {
    await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: name, Description: description }));
  } catch (err) {
    if (!(err instanceof GroupExistsException)) throw err;
  }
}

/**
 * The subs of a group's members. By sub rather than by AdminListGroupsForUser: with e-mail
 * usernames cognito-local stores members by their internal username, and that call compares them
 * with the name it was given (the e-mail), so it never finds a membership.
 */
export async function groupMemberSubs(cognito: CognitoIdentityProviderClient, userPoolId: string, group: string): Promise<Set<string>> {
  const subs = new Set<string>();
  let next: string | undefined;
  do {
    const out = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group, ...(next ? { NextToken: next } : {}) }));
    for (const user of out.Users ?? []) {
      const sub = user.Attributes?.find((a) => a.Name === 'sub')?.Value;
      if (sub) subs.add(sub);
    }
    next = out.NextToken;
  } while (next);
  return subs;
}

/**
 * The user's sub: found by e-mail, or created confirmed with the account's password (and, with a
 * vendor, its name and status attributes). Group memberships are the caller's (seedCognito, the API bench).
 */
export async function ensureUser(cognito: CognitoIdentityProviderClient, userPoolId: string, account: Pick<DemoAccount, 'email' | 'password'> & { vendor: Pick<NonNullable<DemoAccount['vendor']>, 'vendorName' | 'status'> | null }): Promise<string> {
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
  // Group memberships: seedCognito checks and adds them for new and kept users alike.
  const sub = subOf(created.User?.Attributes);
  if (!sub) throw new Error(`cognito-local returned no sub for ${account.email}`);
  return sub;
}

/**
 * Issue 14: two-step sign-in is required for admins, so the demo ops account has it on with a fixed key
 * (DEMO_TOTP_SECRETS; `npm run demo:code -- ops@example.com` prints its current code). Cognito has no
 * call that sets a chosen key; the local cognito server's local-only target does it (idempotent).
 */
export async function seedDemoTotp(cognitoEndpoint: string, userPoolId: string, seedToken: string): Promise<void> {
  for (const [email, secret] of Object.entries(DEMO_TOTP_SECRETS)) await setLocalTotpSecret(cognitoEndpoint, userPoolId, email, secret, seedToken);
}

/**
 * Local cognito only: turns on two-step sign-in for `email` with the key `secret` (base32). The user must
 * exist. `seedToken`: the cognito server's token of this start (scripts/local/cognito.ts `readSeedToken`).
 */
export async function setLocalTotpSecret(cognitoEndpoint: string, userPoolId: string, email: string, secret: string, seedToken: string): Promise<void> {
  const res = await fetch(cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'SellerPortalLocal.SetSoftwareTokenSecret', 'x-seller-portal-seed-token': seedToken },
    body: JSON.stringify({ UserPoolId: userPoolId, Username: email, Secret: secret }),
  });
  if (!res.ok) throw new Error(`Setting two-step sign-in for ${email}: ${res.status} ${await res.text()}`);
}
