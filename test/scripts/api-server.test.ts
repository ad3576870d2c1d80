import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { apiFunctions, routes } from '../../contracts/routes';
import { authorizerClaims, matchRoute, queryParameters, startApiServer } from '../../scripts/local/api-server';

describe('local API routing', () => {
  it('matches every route of the route table to itself', () => {
    for (const r of routes) {
      const concrete = r.path.replace(/\{(\w+)\}/g, 'x1');
      const m = matchRoute(r.method, concrete);
      expect(m).toMatchObject({ route: r });
    }
  });

  it('tells an unknown path from a known path with the wrong method', () => {
    expect(matchRoute('GET', '/api/nothing-here')).toBeNull();
    expect(matchRoute('DELETE', '/api/me')).toBe('method-not-allowed');
  });

  it('renders claims as API Gateway does: strings, groups joined', () => {
    expect(authorizerClaims({ sub: 'a', 'cognito:groups': ['admins', 'vendors'], exp: 5, email_verified: true } as never)).toEqual({
      sub: 'a',
      'cognito:groups': 'admins,vendors',
      exp: '5',
      email_verified: 'true',
    });
  });
});

describe('the route table', () => {
  it('points every function at a module that implements exactly its routes', async () => {
    process.env.VENDORS_TABLE ??= 'vendors-test';
    for (const [key, fn] of Object.entries(apiFunctions)) {
      const file = path.resolve(import.meta.dirname, '../../lambdas', fn.entry);
      expect(existsSync(file), `${key}: ${fn.entry}`).toBe(true);
      // apiHandler throws on import when the module's routes differ from the table's.
      const mod = (await import(file)) as { handler: unknown };
      expect(typeof mod.handler).toBe('function');
    }
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
  });
});

describe('query parameters', () => {
  it('are own properties, whatever their names: Object.prototype’s names are parameters like any other', () => {
    const { single, multi } = queryParameters(new URLSearchParams('constructor=1&__proto__=2&toString=3&hasOwnProperty=4&a=x&a=y'));
    expect(Object.keys(single!)).toEqual(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'a']);
    expect(Object.getPrototypeOf(single)).toBe(Object.prototype);
    expect(single).toMatchObject({ constructor: '1', toString: '3', hasOwnProperty: '4', a: 'y' });
    expect(Object.getOwnPropertyDescriptor(single, '__proto__')?.value).toBe('2');
    expect(Object.getOwnPropertyDescriptor(multi, '__proto__')?.value).toEqual(['2']);
    expect(multi).toMatchObject({ constructor: ['1'], a: ['x', 'y'] });
    expect(queryParameters(new URLSearchParams(''))).toEqual({ single: null, multi: null });
  });
});

/**
 * The server itself, with a token it verifies: a JWKS of our own (served over http like
 * cognito-local's) and the vendor record mocked where the handler reads it.
 */
describe('the local API server', () => {
  const POOL = 'us-east-1_TestPool1';
  const CLIENT = 'testclient';
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as Record<string, string>), kid: 'k1', alg: 'RS256', use: 'sig' };
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const token = (() => {
    const now = Math.floor(Date.now() / 1000);
    const head = b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' });
    const body = b64({ sub: 'user-1', aud: CLIENT, iss: `https://cognito-idp.us-east-1.amazonaws.com/${POOL}`, token_use: 'id', iat: now, exp: now + 600, email: 'v@example.com', 'cognito:groups': ['vendors'] });
    return `${head}.${body}.${createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url')}`;
  })();
  let jwks: http.Server;
  let api: { url: string; stop(): Promise<void> };
  const ddb = mockClient(DynamoDBDocumentClient);

  beforeAll(async () => {
    Object.assign(process.env, { VENDORS_TABLE: 'vendors-test', ORDERS_TABLE: 'orders-test', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: { userId: 'user-1', email: 'v@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Test Foods', language: 'en' } });
    jwks = http.createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    api = await startApiServer({
      port,
      userPoolId: POOL,
      clientId: CLIENT,
      jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
      webConfig: {} as never,
    });
  });
  afterAll(async () => {
    await api?.stop();
    await new Promise((r) => jwks?.close(r));
    ddb.restore();
  });

  it('answers 400 (the handler’s strict query schema), never 502, to query keys named like Object.prototype’s members', async () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      const res = await fetch(`${api.url}/api/orders?${key}=1`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as Record<string, unknown>;
      expect({ key, status: res.status, error: body.error, message: typeof body.message }).toEqual({ key, status: 400, error: 'validation_error', message: 'string' });
    }
    // Repeated, too.
    expect((await fetch(`${api.url}/api/orders?constructor=1&constructor=2`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(400);
  });

  it('answers 400 to invalid JSON on the trigger endpoint, and 404 to an unknown function', async () => {
    const invoke = (name: string, body: string) => fetch(`${api.url}/2015-03-31/functions/${name}/invocations`, { method: 'POST', body });
    for (const body of ['{not json', '{"a":', 'undefined']) {
      const res = await invoke('post-confirmation', body);
      expect({ body, status: res.status, json: await res.json() }).toEqual({ body, status: 400, json: { error: 'invalid_json', message: expect.any(String), Type: 'User' } });
    }
    expect((await invoke('nothing-here', '{}')).status).toBe(404);
  });
});
