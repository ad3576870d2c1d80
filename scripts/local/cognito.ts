import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  clientAuthFlows,
  clientReadableAttributes,
  clientWritableAttributes,
  customAttributes,
  mfaSettings,
  passwordPolicy,
  tokenValidity,
} from '../../contracts/auth';
import { EMAIL_PATTERN } from '../../contracts/email';
import { startChild, waitForPort, type ManagedChild } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Fixed ids so the web config and tokens stay valid across restarts; shaped like real ones so the production verifier accepts them. */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_USER_POOL_ID = 'us-east-1_SellerPtl';
export const LOCAL_CLIENT_ID = 'sellerportallocalwebclient';

export interface VerificationCode {
  username?: string;
  destination?: string;
  code?: string;
}

/** The pool's two-step sign-in, as the cloud pool has it (contracts/auth.ts). */
const LOCAL_MFA_OPTIONS = { MfaConfiguration: mfaSettings.configuration, SoftwareTokenMfaConfiguration: { Enabled: mfaSettings.totp } };

/**
 * Writes cognito-local's config, pool and client from contracts/auth.ts (the same data the
 * CDK auth construct uses). The pool file is written only once: it also holds the users.
 */
export function writeCognitoFiles(dir: string, lambdaEndpoint: string): void {
  const db = path.join(dir, '.cognito', 'db');
  mkdirSync(db, { recursive: true });
  writeFileSync(
    path.join(dir, '.cognito', 'config.json'),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: `https://cognito-idp.${LOCAL_REGION}.amazonaws.com` },
        LambdaClient: { endpoint: lambdaEndpoint, region: LOCAL_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
        TriggerFunctions: { PostConfirmation: 'post-confirmation' },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  const poolFile = path.join(db, `${LOCAL_USER_POOL_ID}.json`);
  if (!existsSync(poolFile)) {
    writeFileSync(
      poolFile,
      JSON.stringify(
        {
          Users: {},
          Groups: {},
          Options: {
            Id: LOCAL_USER_POOL_ID,
            Name: 'seller-portal-local',
            UsernameAttributes: ['email'],
            AutoVerifiedAttributes: ['email'],
            ...LOCAL_MFA_OPTIONS,
            Policies: {
              PasswordPolicy: {
                MinimumLength: passwordPolicy.minLength,
                RequireLowercase: passwordPolicy.requireLowercase,
                RequireUppercase: passwordPolicy.requireUppercase,
                RequireNumbers: passwordPolicy.requireDigits,
                RequireSymbols: passwordPolicy.requireSymbols,
              },
            },
            SchemaAttributes: [
              { Name: 'sub', AttributeDataType: 'String', Mutable: false, Required: true },
              { Name: 'email', AttributeDataType: 'String', Mutable: true, Required: true },
              { Name: 'email_verified', AttributeDataType: 'Boolean', Mutable: true },
              { Name: 'name', AttributeDataType: 'String', Mutable: true },
              { Name: 'locale', AttributeDataType: 'String', Mutable: true },
              ...Object.entries(customAttributes).map(([name, a]) => ({
                Name: `custom:${name}`,
                AttributeDataType: a.type,
                Mutable: a.mutable,
                StringAttributeConstraints: { MinLength: String(a.minLen), MaxLength: String(a.maxLen) },
              })),
            ],
          },
        },
        null,
        2,
      ),
    );
  }
  else {
    // A pool written before two-step sign-in existed gets the MFA settings; its users stay as they are.
    const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as { Options: Record<string, unknown> };
    if (pool.Options.MfaConfiguration !== LOCAL_MFA_OPTIONS.MfaConfiguration) {
      Object.assign(pool.Options, LOCAL_MFA_OPTIONS);
      writeFileSync(poolFile, JSON.stringify(pool, null, 2));
    }
  }
  writeFileSync(
    path.join(db, 'clients.json'),
    JSON.stringify(
      {
        Clients: {
          [LOCAL_CLIENT_ID]: {
            ClientId: LOCAL_CLIENT_ID,
            ClientName: 'web',
            UserPoolId: LOCAL_USER_POOL_ID,
            ExplicitAuthFlows: [...clientAuthFlows],
            ReadAttributes: [...clientReadableAttributes],
            WriteAttributes: [...clientWritableAttributes],
            IdTokenValidity: tokenValidity.idTokenMinutes,
            AccessTokenValidity: tokenValidity.accessTokenMinutes,
            RefreshTokenValidity: tokenValidity.refreshTokenDays,
            TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
            CreationDate: new Date(0).toISOString(),
            LastModifiedDate: new Date(0).toISOString(),
          },
        },
      },
      null,
      2,
    ),
  );
}

/** Where the cognito server's seed token is kept (under .local/, which the dev server never serves). */
const seedTokenFile = (dir: string) => path.join(dir, '.cognito', 'seed-token');

/**
 * The token the local-only targets of the cognito server (cognito-server.mjs) ask for, made anew at
 * each start: only what reads the data folder (the seed, the benches) can call them; a page in the
 * browser cannot (cognito-local allows any origin).
 */
export function readSeedToken(dir: string): string {
  return readFileSync(seedTokenFile(dir), 'utf8').trim();
}

/**
 * The credentials of a local caller of the cognito server: its IAM-authorised targets (Admin*, the groups...)
 * ask for a SigV4 signature made with the seed token as the secret access key, as Cognito asks for IAM
 * credentials. The access key id stays 'local': DynamoDB Local keeps one database per access key id.
 */
export function localCognitoCredentials(seedToken: string): { accessKeyId: string; secretAccessKey: string } {
  return { accessKeyId: 'local', secretAccessKey: seedToken };
}

/** The seed token of the cognito folder `dir` when a cognito server has started there, else undefined. */
export function seedTokenIfAny(dir: string): string | undefined {
  return existsSync(seedTokenFile(dir)) ? readSeedToken(dir) : undefined;
}

export async function startCognito(opts: {
  port: number;
  dir: string;
  lambdaEndpoint: string;
  onCode?: (code: VerificationCode) => void;
  log?: (line: string) => void;
}): Promise<ManagedChild> {
  writeCognitoFiles(opts.dir, opts.lambdaEndpoint);
  const seedToken = randomBytes(32).toString('base64url');
  writeFileSync(seedTokenFile(opts.dir), seedToken, { mode: 0o600 });
  const child = startChild('cognito', process.execPath, [path.join(here, 'cognito-server.mjs')], {
    cwd: opts.dir,
    env: { ...process.env, PORT: String(opts.port), EMAIL_PATTERN: EMAIL_PATTERN.source, SEED_TOKEN: seedToken },
    onLine(line) {
      try {
        const entry = JSON.parse(line) as { type: string } & VerificationCode & { msg?: string };
        if (entry.type === 'code') opts.onCode?.(entry);
        else if (entry.type === 'log') opts.log?.(entry.msg ?? line);
      } catch {
        opts.log?.(line);
      }
    },
  });
  await waitForPort(opts.port);
  return child;
}
