import { describe, expect, it } from 'vitest';
import { api, idTokenFor, signUpVendor } from '../support/auth';

describe('sign-up through cognito-local runs the real post-confirmation trigger', () => {
  it('creates a pending vendor record with the business name and language given at sign-up', async () => {
    const email = `new.vendor.${Date.now()}@example.com`;
    const password = 'Fresh!Vendor2026';
    await signUpVendor(email, password, '翠玉茶行 Jade Tea', 'zh-TW');
    const res = await api('/api/me', { token: await idTokenFor(email, password) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, status: 'pending', vendorId: null, vendorName: '翠玉茶行 Jade Tea', language: 'zh-TW' });
  });
});
