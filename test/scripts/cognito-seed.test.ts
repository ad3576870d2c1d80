import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
  ListUsersInGroupCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GROUPS } from '../../contracts/auth';
import { LOCAL_CLIENT_ID, LOCAL_USER_POOL_ID, readSeedToken, startCognito } from '../../scripts/local/cognito';
import { demoAccounts } from '../../scripts/demo/accounts';
import type * as Seed from '../../scripts/demo/seed';

/**
 * Issue 10: a second `npm start` dropped group memberships (cognito-local's CreateGroup replaces
 * an existing group, members and all). The real cognito-local, started twice on the same folder
 * as `npm start` does, seeded each time.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

let dir: string;
let seed: typeof Seed;
let running: { stop(): Promise<void> } | undefined;
let client: CognitoIdentityProviderClient;
let port: number;

/** Starts cognito-local on the kept folder, as a new `npm start` would. */
async function start(): Promise<void> {
  await running?.stop();
  port = await freePort();
  running = await startCognito({ port, dir, lambdaEndpoint: 'http://127.0.0.1:9' });
  client?.destroy();
  client = clientWith(readSeedToken(dir));
}

/** The real SDK client, signing (SigV4) with `secretAccessKey`; the access key id stays 'local' as everywhere locally. */
const clientWith = (secretAccessKey: string) =>
  new CognitoIdentityProviderClient({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey } });

/** The groups in the ID token a demo account gets at sign-in: what the API's admin check reads. */
async function tokenGroups(account: { email: string; password: string }): Promise<string[]> {
  const out = await client.send(
    new InitiateAuthCommand({ ClientId: LOCAL_CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: account.email, PASSWORD: account.password } }),
  );
  const payload = JSON.parse(Buffer.from(out.AuthenticationResult!.IdToken!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  return (payload['cognito:groups'] as string[] | undefined) ?? [];
}

async function memberships() {
  return {
    admins: [...(await seed.groupMemberSubs(client, LOCAL_USER_POOL_ID, GROUPS.admins.name))].length,
    ops: await tokenGroups(demoAccounts.admin),
    vendor: await tokenGroups(demoAccounts.approved),
    pending: await tokenGroups(demoAccounts.pending),
  };
}

beforeAll(async () => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  seed = await import('../../scripts/demo/seed');
  dir = mkdtempSync(path.join(os.tmpdir(), 'cognito-seed-'));
});
afterAll(async () => {
  await running?.stop();
  client?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('seeding a kept cognito-local pool', () => {
  it('keeps ops in admins and the demo vendor in vendors across restarts, and repairs memberships a restart lost', { timeout: 60_000 }, async () => {
    await start();
    const first = await seed.seedCognito(client, LOCAL_USER_POOL_ID);
    expect(first.added.sort()).toEqual([`${demoAccounts.approved.email} → vendors`, `${demoAccounts.admin.email} → admins`].sort());
    expect(await memberships()).toEqual({ admins: 1, ops: ['admins'], vendor: ['vendors'], pending: [] });

    // A second `npm start` on the same data: nothing lost, nothing to add, the same users.
    await start();
    const second = await seed.seedCognito(client, LOCAL_USER_POOL_ID);
    expect(second.added).toEqual([]);
    expect([...second.userIds.values()]).toEqual([...first.userIds.values()]);
    expect(await memberships()).toEqual({ admins: 1, ops: ['admins'], vendor: ['vendors'], pending: [] });

    // A pool an older seed damaged (it called CreateGroup on every start, which emptied the groups).
    for (const group of Object.values(GROUPS)) await client.send(new CreateGroupCommand({ UserPoolId: LOCAL_USER_POOL_ID, GroupName: group.name, Description: group.description }));
    expect((await memberships()).ops).toEqual([]);
    await start();
    const third = await seed.seedCognito(client, LOCAL_USER_POOL_ID);
    expect(third.added.sort()).toEqual([`${demoAccounts.approved.email} → vendors`, `${demoAccounts.admin.email} → admins`].sort());
    expect(await memberships()).toEqual({ admins: 1, ops: ['admins'], vendor: ['vendors'], pending: [] });
  });
});

/**
 * Issue 24: the local-only target that sets a user's authenticator key answers only the seed. The
 * cognito server makes a random token at each start, kept in its folder under .local/ (which the dev
 * server never serves); a caller without it (a page in the browser: cognito-local allows any origin)
 * cannot give itself a known key.
 */
describe("the local-only 'set authenticator key' target", () => {
  const setKey = (token: string | undefined) =>
    fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'SellerPortalLocal.SetSoftwareTokenSecret', ...(token ? { 'x-seller-portal-seed-token': token } : {}) },
      body: JSON.stringify({ UserPoolId: LOCAL_USER_POOL_ID, Username: demoAccounts.admin.email, Secret: 'ATTACKERKNOWNKEY234567ABCDEFGHIJ' }),
    });

  it('refuses a caller without the seed token, or with a stale one, and accepts the seed', { timeout: 60_000 }, async () => {
    await start();
    await seed.seedCognito(client, LOCAL_USER_POOL_ID);
    const stale = readSeedToken(dir);
    expect((await setKey(undefined)).status).toBe(403);
    expect((await setKey('x'.repeat(stale.length))).status).toBe(403);
    // A restart makes a new token: the old one no longer works.
    await start();
    await seed.seedCognito(client, LOCAL_USER_POOL_ID);
    expect((await setKey(stale)).status).toBe(403);
    const res = await setKey(readSeedToken(dir));
    expect(res.status, await res.text()).toBe(200);
    // What the seed itself calls.
    await seed.setLocalTotpSecret(`http://127.0.0.1:${port}`, LOCAL_USER_POOL_ID, demoAccounts.admin.email, 'OPSDEMOSELLERPORTALTOTPKEY234567', readSeedToken(dir));
  });
});

/**
 * Issue 24: cognito-local answered every target to anyone, unsigned (and allows any origin): a web page
 * could add a user to `admins`. Like Cognito, the IAM-authorised targets (Admin*, the groups, ListUsers...)
 * now ask for a SigV4 signature, made with this start's secret (the seed token); the public ones
 * (sign-up, sign-in, the signed-in user's own calls) stay open.
 */
describe('the IAM-authorised targets', () => {
  /** A raw call as a page in the browser would make it: no signature. */
  const unsigned = async (target: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { __type?: string; message?: string } };
  };
  const opsInAdmins = async () => [...(await seed.groupMemberSubs(client, LOCAL_USER_POOL_ID, GROUPS.admins.name))].length;
  const vendorAsAdmin = { UserPoolId: LOCAL_USER_POOL_ID, Username: demoAccounts.approved.email, GroupName: GROUPS.admins.name };

  it('refuses unsigned calls and a wrong secret, accepts the seed token, and leaves the public targets open', { timeout: 60_000 }, async () => {
    await start();
    await seed.seedCognito(client, LOCAL_USER_POOL_ID);
    const admins = await opsInAdmins();

    // Unsigned, as AWS answers it.
    const add = await unsigned('AdminAddUserToGroup', vendorAsAdmin);
    expect(add).toEqual({ status: 400, body: { __type: 'MissingAuthenticationTokenException', message: expect.any(String) as string } });
    expect((await unsigned('CreateGroup', { UserPoolId: LOCAL_USER_POOL_ID, GroupName: GROUPS.admins.name })).body.__type).toBe('MissingAuthenticationTokenException');
    expect((await unsigned('ListUsersInGroup', { UserPoolId: LOCAL_USER_POOL_ID, GroupName: GROUPS.admins.name })).status).toBe(400);
    expect((await unsigned('AdminGetUser', { UserPoolId: LOCAL_USER_POOL_ID, Username: demoAccounts.admin.email })).status).toBe(400);
    // A target name the router would still find behind another prefix is no way round.
    expect((await unsigned('SignUp.AdminAddUserToGroup', vendorAsAdmin)).status).toBe(400);

    // Signed with a wrong secret (or the last start's): the SDK's own error.
    const stale = readSeedToken(dir);
    const wrong = clientWith('x'.repeat(stale.length));
    await expect(wrong.send(new AdminAddUserToGroupCommand(vendorAsAdmin))).rejects.toMatchObject({ name: 'InvalidSignatureException', $metadata: { httpStatusCode: 400 } });
    await expect(wrong.send(new CreateGroupCommand({ UserPoolId: LOCAL_USER_POOL_ID, GroupName: GROUPS.admins.name }))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    wrong.destroy();
    await start();
    const last = clientWith(stale);
    await expect(last.send(new ListUsersInGroupCommand({ UserPoolId: LOCAL_USER_POOL_ID, GroupName: GROUPS.admins.name }))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    last.destroy();
    expect(await opsInAdmins()).toBe(admins);
    expect(await tokenGroups(demoAccounts.approved)).toEqual(['vendors']);

    // A request signed with the right token but changed on the way (the body is part of the signature).
    const tampering = new CognitoIdentityProviderClient({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', maxAttempts: 1, credentials: { accessKeyId: 'local', secretAccessKey: readSeedToken(dir) } });
    const tamper = ((next: (args: { request: unknown }) => Promise<unknown>) => async (args: { request: unknown }) => {
      const request = args.request as { body: string };
      request.body = request.body.replace('"xdmins"', `"${GROUPS.admins.name}"`);
      return next(args);
    }) as unknown as Parameters<typeof tampering.middlewareStack.addRelativeTo>[0];
    tampering.middlewareStack.addRelativeTo(tamper, { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'tamper' });
    await expect(tampering.send(new AdminAddUserToGroupCommand({ ...vendorAsAdmin, GroupName: 'xdmins' }))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    tampering.destroy();
    expect(await tokenGroups(demoAccounts.approved)).toEqual(['vendors']);

    // Signed with this start's token (the real SDK client): works.
    await client.send(new AdminAddUserToGroupCommand(vendorAsAdmin));
    expect(await tokenGroups(demoAccounts.approved)).toEqual(expect.arrayContaining(['admins', 'vendors']));
    await client.send(new AdminRemoveUserFromGroupCommand(vendorAsAdmin));
    expect(await tokenGroups(demoAccounts.approved)).toEqual(['vendors']);

    // The public targets stay open, unsigned: sign-in (tokenGroups above), sign-up, a user's own GetUser.
    const email = `unsigned-${Date.now()}@example.com`;
    const signUp = await unsigned('SignUp', { ClientId: LOCAL_CLIENT_ID, Username: email, Password: 'Str0ng!Password', UserAttributes: [{ Name: 'email', Value: email }] });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const signIn = await unsigned('InitiateAuth', { ClientId: LOCAL_CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: demoAccounts.approved.email, PASSWORD: demoAccounts.approved.password } });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const accessToken = (signIn.body as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
    expect((await unsigned('GetUser', { AccessToken: accessToken })).status).toBe(200);
    // And the SDK's public commands (which send no signature for them) still go through.
    await expect(clientWith('anything').send(new SignUpCommand({ ClientId: LOCAL_CLIENT_ID, Username: `sdk-${email}`, Password: 'Str0ng!Password' }))).resolves.toBeDefined();
  });
});
