import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { isErrorBody } from '../support/error-body';

const { approved, pending, rejected, noRecord, admin } = demoAccounts;

describe('GET /api/me through the local API (real cognito-local tokens, real DynamoDB Local)', () => {
  it('answers the approved demo vendor with its id, name and language', async () => {
    const token = await idTokenFor(approved.email, approved.password);
    const res = await api('/api/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: approved.email, groups: ['vendors'], roles: ['vendor'], status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods' });
  });

  it('tells a pending vendor its status and gives no vendor id', async () => {
    const res = await api('/api/me', { token: await idTokenFor(pending.email, pending.password) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', vendorId: null, roles: [] });
  });

  it('gives a rejected vendor the rejection reason', async () => {
    const res = await api('/api/me', { token: await idTokenFor(rejected.email, rejected.password) });
    expect(res.body).toMatchObject({ status: 'rejected', vendorId: null, rejectionReason: rejected.vendor.rejectionReason });
  });

  it('answers 404 vendor_not_found for a user without a record', async () => {
    const res = await api('/api/me', { token: await idTokenFor(noRecord.email, noRecord.password) });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'vendor_not_found' });
  });

  it('answers the admin (group admins, no vendor record) with the admin role, not as a vendor without a record (issue 11)', async () => {
    const res = await api('/api/me', { token: await idTokenFor(admin.email, admin.password) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: admin.email, groups: ['admins'], roles: ['admin'], status: null, vendorId: null });
  });

  it('rejects a missing, malformed or tampered token with 401 before any handler runs', async () => {
    const token = await idTokenFor(approved.email, approved.password);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${s}`;
    for (const t of [undefined, 'not-a-jwt', forged]) {
      const res = await api('/api/me', { token: t });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'unauthorized' });
    }
  });
});

describe('PATCH /api/me', () => {
  it('saves the language to the caller’s own record and reads it back', async () => {
    const token = await idTokenFor(pending.email, pending.password);
    const saved = await api('/api/me', { method: 'PATCH', token, body: JSON.stringify({ language: 'zh-TW' }) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'zh-TW' });
    expect((await api('/api/me', { token })).body).toMatchObject({ language: 'zh-TW' });
    await api('/api/me', { method: 'PATCH', token, body: JSON.stringify({ language: 'en' }) });
  });

  it('answers 400 { error, message } for bad input and writes nothing', async () => {
    const token = await idTokenFor(pending.email, pending.password);
    for (const body of ['{"language":"fr"}', 'not json', '{"language":"en","vendorId":"V-99999"}', '{}']) {
      const res = await api('/api/me', { method: 'PATCH', token, body });
      expect(res.status).toBe(400);
      expect(isErrorBody(res.body), JSON.stringify(res.body)).toBe(true);
    }
    expect((await api('/api/me', { token })).body).toMatchObject({ language: 'en', vendorId: null });
  });

  it('answers 404 for a user without a vendor record', async () => {
    const token = await idTokenFor(noRecord.email, noRecord.password);
    const res = await api('/api/me', { method: 'PATCH', token, body: JSON.stringify({ language: 'en' }) });
    expect(res.status).toBe(404);
  });
});

describe('the local API server', () => {
  it('serves the web config with the local auth flow and endpoints', async () => {
    const res = await api('/config.json');
    expect(res.body).toMatchObject({ authFlowType: 'USER_PASSWORD_AUTH', marketplaceTimeZone: 'America/Los_Angeles', userPoolId: expect.stringMatching(/^us-east-1_/), local: { userPoolEndpoint: expect.any(String) } });
  });

  it('answers unknown routes with 404 and wrong methods with 405, as JSON', async () => {
    expect(await api('/api/nope')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await api('/api/me', { method: 'DELETE' })).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
  });
});
