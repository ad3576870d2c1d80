// cognito-local in-process behind a small front server (run as a child by scripts/local/cognito.ts;
// its working directory holds .cognito/). Adds GetTokensFromRefreshToken, which aws-amplify >= 6.1x
// uses to refresh and cognito-local lacks, by mapping it to InitiateAuth REFRESH_TOKEN_AUTH.
// Refresh behaves as Cognito's (issue 24, item 11): a sign-in through a challenge (two-step, TOTP) keeps its
// refresh token, and refreshed tokens keep the sign-in's auth_time (see refreshLikeCognito below).
// Verification codes (cognito-local "sends" e-mail to its log) are printed as one JSON line each,
// so the local console and tests can read them.
// Like the cloud pool (lib/auth.ts: signInCaseSensitive false), user names (e-mails) are found
// whatever their case, and SignUp refuses a malformed e-mail as Cognito does (InvalidParameterException),
// with the portal's one e-mail check (contracts/email.ts, handed over by cognito.ts as EMAIL_PATTERN).
import { createHash, createHmac, createPrivateKey, sign, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createDefaultServer } from 'cognito-local';
import userPoolService from 'cognito-local/lib/services/userPoolService.js';
import targets from 'cognito-local/lib/targets/targets.js';

const port = Number(process.env.PORT ?? 9229);
// The local-only targets answer only a caller with this start's token (scripts/local/cognito.ts readSeedToken).
const seedToken = Buffer.from(process.env.SEED_TOKEN ?? '');
const fromSeed = (req) => {
  const given = Buffer.from(String(req.headers['x-seller-portal-seed-token'] ?? ''));
  return seedToken.length > 0 && given.length === seedToken.length && timingSafeEqual(given, seedToken);
};
const emailPattern = new RegExp(process.env.EMAIL_PATTERN ?? '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$');
const isEmail = (value) => typeof value === 'string' && value.length <= 254 && emailPattern.test(value);
const sameEmail = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

// cognito-local matches the user name and the e-mail alias exactly; the cloud pool ignores case. Every
// target (InitiateAuth, SignUp's "exists" check, ConfirmSignUp, ForgotPassword, Admin*...) looks users up here.
const { UserPoolServiceImpl } = userPoolService;
const exactLookup = UserPoolServiceImpl.prototype.getUserByUsername;
/** The pools this process has served, by id: the local-only seed target below writes through them. */
const pools = new Map();
UserPoolServiceImpl.prototype.getUserByUsername = async function getUserByUsernameIgnoringCase(ctx, username) {
  if (this.options?.Id) pools.set(this.options.Id, this);
  const found = await exactLookup.call(this, ctx, username);
  if (found || typeof username !== 'string' || !username.includes('@')) return found;
  const users = await this.dataStore.get(ctx, 'Users', {});
  return Object.values(users).find((u) => u.Attributes?.some((a) => a.Name === 'email' && sameEmail(a.Value, username))) ?? null;
};

/*
 * Refresh as Cognito does it. cognito-local's RespondToAuthChallenge issues a refresh token but never stores
 * it (only the password-only InitiateAuth does), so every session that signed in through the two-step code
 * was refused at its first refresh: the web then signed the user out (ops included). And its token
 * generator stamps `auth_time` with the refresh time, where Cognito keeps the time of the sign-in: the
 * step-up (lambdas/shared/step-up.ts) reads `auth_time` as the proof of when the user signed in.
 * The router looks its targets up per request, so wrapping them here covers every caller.
 */
const { Targets } = targets;
const keyPem = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')).pem;
const signingKey = createPrivateKey(keyPem);
const claimsOf = (token) => JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8'));
/** `token` with `auth_time` set, signed again as cognito-local signs (RS256, its key, kid CognitoLocal). */
function withAuthTime(token, authTime) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const [header] = String(token).split('.');
  const input = `${header}.${part({ ...claimsOf(token), auth_time: authTime })}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), signingKey).toString('base64url')}`;
}

const respondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (services) => {
  const target = respondToAuthChallenge(services);
  return async (ctx, req) => {
    const out = await target(ctx, req);
    const refreshToken = out?.AuthenticationResult?.RefreshToken;
    if (refreshToken) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME);
      if (user) await pool.storeRefreshToken(ctx, refreshToken, user);
    }
    return out;
  };
};

const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const target = initiateAuth(services);
  return async (ctx, req) => {
    const out = await target(ctx, req);
    const refreshing = req?.AuthFlow === 'REFRESH_TOKEN_AUTH' || req?.AuthFlow === 'REFRESH_TOKEN';
    const result = out?.AuthenticationResult;
    if (!refreshing || !result?.IdToken) return out;
    // cognito-local's refresh token carries the sign-in time as its `iat` (the generator stamps all three alike).
    const signedInAt = claimsOf(req.AuthParameters.REFRESH_TOKEN).iat;
    if (typeof signedInAt !== 'number') return out;
    return { ...out, AuthenticationResult: { ...result, IdToken: withAuthTime(result.IdToken, signedInAt), AccessToken: withAuthTime(result.AccessToken, signedInAt) } };
  };
};

const debug = Boolean(process.env.DEBUG);
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const msg = String(entry.msg ?? '');
      if (msg.includes('Confirmation Code Delivery')) {
        // cognito-local colours its box with ANSI escapes; strip them to read the fields.
        // eslint-disable-next-line no-control-regex
        const plain = msg.replace(/\u001b\[[0-9;]*m/g, '');
        const field = (name) => plain.match(new RegExp(`${name}:\\s+([^\\s│]+)`))?.[1];
        process.stdout.write(`${JSON.stringify({ type: 'code', username: field('Username'), destination: field('Destination'), code: field('Code') })}\n`);
      } else if (debug || entry.level >= 40) {
        process.stdout.write(`${JSON.stringify({ type: 'log', level: entry.level, msg })}\n`);
      }
    }
    done();
  },
});
const logger = pino({ level: 'info' }, sink);
const { application } = await createDefaultServer(logger);

const json = (res, status, body, type) => {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', ...(type ? { 'x-amzn-errortype': type } : {}) });
  res.end(JSON.stringify(type ? { __type: type, message: body } : body));
};

/**
 * cognito-local has no ResendConfirmationCode. Its codes do not expire, so "resending" prints the
 * user's pending code again, as real Cognito would e-mail a fresh one.
 */
function resendConfirmationCode(body, res) {
  const dir = path.join('.cognito', 'db');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'clients.json')) {
    const pool = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const user = Object.values(pool.Users ?? {}).find(
      (u) => u.Username === body.Username || u.Attributes?.some((a) => a.Name === 'email' && sameEmail(a.Value, body.Username)),
    );
    if (!user) continue;
    if (user.UserStatus !== 'UNCONFIRMED' || !user.ConfirmationCode) return json(res, 400, 'User is already confirmed.', 'InvalidParameterException');
    const email = user.Attributes.find((a) => a.Name === 'email')?.Value ?? body.Username;
    process.stdout.write(`${JSON.stringify({ type: 'code', username: user.Username, destination: email, code: user.ConfirmationCode })}\n`);
    return json(res, 200, { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email.replace(/^(.).*(@.*)$/, '$1***$2') } });
  }
  return json(res, 400, 'Username/client id combination not found.', 'UserNotFoundException');
}

/**
 * Local only (no such target in Cognito): gives a user two-step sign-in with a known authenticator key,
 * as if they had set it up (scripts/demo/seed.ts: the demo ops account, so people and tests can compute
 * its codes). Cognito's own AssociateSoftwareToken always makes a random key. cognito-local keeps its
 * pool in memory, so the change goes through the same pool object its targets use (the caller looks the
 * user up with AdminGetUser first, which registers the pool).
 */
async function setSoftwareTokenSecret(body, res) {
  const pool = pools.get(body.UserPoolId);
  if (!pool) return json(res, 400, 'Unknown pool: call AdminGetUser first.', 'ResourceNotFoundException');
  const ctx = { logger };
  const user = await pool.getUserByUsername(ctx, body.Username);
  if (!user) return json(res, 400, 'User does not exist.', 'UserNotFoundException');
  if (typeof body.Secret !== 'string' || !/^[A-Z2-7]{16,}$/.test(body.Secret)) return json(res, 400, 'Secret must be base32.', 'InvalidParameterException');
  const methods = new Set(user.UserMFASettingList ?? []);
  methods.add('SOFTWARE_TOKEN_MFA');
  await pool.saveUser(ctx, {
    ...user,
    SoftwareTokenMfaConfiguration: { Secret: body.Secret, Verified: true, FriendlyDeviceName: 'demo' },
    UserMFASettingList: [...methods],
    PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
  });
  return json(res, 200, {});
}

/*
 * Who may call what, as Cognito decides it (issue 24, item 10). Cognito answers these targets to anyone
 * (a sign-up, a sign-in, or a call carrying the user's own access token); every other target (Admin*, the
 * groups, ListUsers, the pool's settings...) is IAM-authorised: it needs an AWS Signature V4. cognito-local
 * answers them all unsigned and allows any origin, so any page in the browser could have added a user to
 * `admins`. Here a target not on this list needs a signature made with this start's secret (SEED_TOKEN, the
 * secret access key of every local caller: scripts/local/stack.ts localLambdaEnv, the seed, the tests).
 */
const PUBLIC_TARGETS = new Set(
  [
    // Signing up and in (no token).
    'SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword', 'InitiateAuth',
    'RespondToAuthChallenge', 'RevokeToken', 'GetTokensFromRefreshToken',
    // The signed-in user's own calls (authorised by the access token or the sign-in session in the body).
    'GetUser', 'UpdateUserAttributes', 'DeleteUserAttributes', 'DeleteUser', 'ChangePassword', 'GlobalSignOut',
    'GetUserAttributeVerificationCode', 'VerifyUserAttribute', 'AssociateSoftwareToken', 'VerifySoftwareToken',
    'SetUserMFAPreference', 'SetUserSettings', 'GetUserAuthFactors', 'ConfirmDevice', 'ForgetDevice', 'GetDevice',
    'ListDevices', 'UpdateDeviceStatus', 'StartWebAuthnRegistration', 'CompleteWebAuthnRegistration',
    'ListWebAuthnCredentials', 'DeleteWebAuthnCredential',
  ].map((name) => `AWSCognitoIdentityProviderService.${name}`),
);
/** How far the signer's clock may be from ours (AWS allows 15 minutes; locally both are this machine's). */
const SIGNATURE_SKEW_MS = 5 * 60_000;
const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
/** A SigV4 canonical URI: every path segment URI-encoded twice (all services but S3). */
const canonicalPath = (pathname) =>
  pathname
    .split('/')
    .map((segment) => encodeURIComponent(encodeURIComponent(decodeURIComponent(segment))).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
const canonicalQuery = (search) =>
  [...new URLSearchParams(search)]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/**
 * Checks the request's AWS Signature V4 against SEED_TOKEN: recomputes the canonical request from what was
 * received (method, path, query, the signed headers, the body), the string to sign and the HMAC chain,
 * as AWS does. Any access key id is taken (DynamoDB Local keys its databases by it: callers keep 'local').
 * Answers null when it verifies, else the error AWS answers ({ type, message }, 400).
 */
function signatureError(req, body) {
  const authorization = String(req.headers.authorization ?? '');
  if (!authorization) return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const parts = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!parts) return { type: 'IncompleteSignatureException', message: 'Authorization header requires Credential, SignedHeaders and Signature (AWS4-HMAC-SHA256).' };
  const [, credential, signedHeaderList, signature] = parts;
  const scope = credential.split('/');
  if (scope.length !== 5 || scope[4] !== 'aws4_request') return { type: 'IncompleteSignatureException', message: `Credential is malformed: ${credential}` };
  const [accessKeyId, day, region, service] = scope;
  if (!accessKeyId) return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  if (service !== 'cognito-idp') return { type: 'InvalidSignatureException', message: "Credential should be scoped to correct service: 'cognito-idp'." };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!at) return { type: 'IncompleteSignatureException', message: 'Authorization header requires an X-Amz-Date header (YYYYMMDDTHHMMSSZ).' };
  if (amzDate.slice(0, 8) !== day) return { type: 'InvalidSignatureException', message: 'Credential should be scoped to a valid date.' };
  const signedAt = Date.UTC(+at[1], +at[2] - 1, +at[3], +at[4], +at[5], +at[6]);
  if (Math.abs(Date.now() - signedAt) > SIGNATURE_SKEW_MS) return { type: 'InvalidSignatureException', message: `Signature expired: ${amzDate} is not within 5 minutes of the server's time.` };
  const signedHeaders = signedHeaderList.split(';');
  // The target and the host must be signed: otherwise a signed request could be replayed as another target.
  for (const required of ['host', 'x-amz-date', 'x-amz-target']) {
    if (!signedHeaders.includes(required)) return { type: 'InvalidSignatureException', message: `'${required}' must be a signed header.` };
  }
  if ([...signedHeaders].sort().join(';') !== signedHeaderList || new Set(signedHeaders).size !== signedHeaders.length) {
    return { type: 'InvalidSignatureException', message: 'SignedHeaders must be lower case, sorted and unique.' };
  }
  const headerValue = (name) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value.join(',') : String(value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const url = new URL(req.url ?? '/', 'http://local');
  const canonicalRequest = [
    req.method,
    canonicalPath(url.pathname),
    canonicalQuery(url.search),
    ...signedHeaders.map((name) => `${name}:${headerValue(name)}`),
    '',
    signedHeaderList,
    sha256Hex(body),
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/${service}/aws4_request`, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${seedToken.toString()}`, day), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  if (seedToken.length === 0 || !timingSafeEqual(expected, Buffer.from(signature))) {
    return { type: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.' };
  }
  return null;
}

/**
 * The gate in front of cognito-local: a target Cognito answers to anyone passes untouched; any other
 * is read here and answered 400 unless signed (see PUBLIC_TARGETS). Its body is handed on parsed
 * (cognito-local's body parser skips a request already read). Answers true when it answered.
 */
async function refusedUnsigned(req, res, target) {
  if (!target || PUBLIC_TARGETS.has(target) || target === 'SellerPortalLocal.SetSoftwareTokenSecret') return false;
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = Buffer.concat(chunks);
  const refused = signatureError(req, body);
  if (refused) {
    json(res, 400, refused.message, refused.type);
    return true;
  }
  try {
    req.body = JSON.parse(body.toString() || '{}');
  } catch {
    json(res, 400, 'The request body is not JSON.', 'SerializationException');
    return true;
  }
  return false;
}

const server = http.createServer(async (req, res) => {
  const target = String(req.headers['x-amz-target'] ?? '');
  if (await refusedUnsigned(req, res, target)) return;
  if (req.method === 'POST' && target === 'SellerPortalLocal.SetSoftwareTokenSecret') {
    if (!fromSeed(req)) return json(res, 403, 'Local-only target: the seed token is missing or wrong.', 'AccessDeniedException');
    const chunks = [];
    for await (const c of req) chunks.push(c);
    return setSoftwareTokenSecret(JSON.parse(Buffer.concat(chunks).toString() || '{}'), res);
  }
  if (req.method === 'POST' && target.endsWith('.ResendConfirmationCode')) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    return resendConfirmationCode(JSON.parse(Buffer.concat(chunks).toString() || '{}'), res);
  }
  if (req.method === 'POST' && target.endsWith('.SignUp')) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    const email = body.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? body.Username;
    if (!isEmail(body.Username) || !isEmail(email)) return json(res, 400, 'Invalid email address format.', 'InvalidParameterException');
    req.body = body;
  }
  if (req.method === 'POST' && target.endsWith('.GetTokensFromRefreshToken')) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const b = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    req.headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
    req.body = { ClientId: b.ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: b.RefreshToken }, ClientMetadata: b.ClientMetadata };
  }
  application(req, res);
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ type: 'ready', port })}\n`));
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => server.close(() => process.exit(0)));
