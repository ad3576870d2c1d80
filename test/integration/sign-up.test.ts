import { describe, expect, inject, it } from 'vitest';
import { api, cognitoCall, confirmationCode, idTokenFor, signUpVendor } from '../support/auth';

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

describe('resending the confirmation code locally', () => {
  it('prints the pending code again for an unconfirmed user and refuses a confirmed one', async () => {
    const { webConfig } = inject('stack');
    const email = `resend.${Date.now()}@example.com`;
    await cognitoCall('SignUp', { ClientId: webConfig.userPoolClientId, Username: email, Password: 'Fresh!Vendor2026', UserAttributes: [{ Name: 'email', Value: email }] });
    const sent = await cognitoCall('ResendConfirmationCode', { ClientId: webConfig.userPoolClientId, Username: email });
    expect(sent).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: expect.stringMatching(/^r\*\*\*@example\.com$/) } });
    await cognitoCall('ConfirmSignUp', { ClientId: webConfig.userPoolClientId, Username: email, ConfirmationCode: confirmationCode(email) });
    await expect(cognitoCall('ResendConfirmationCode', { ClientId: webConfig.userPoolClientId, Username: email })).rejects.toThrow(/InvalidParameterException/);
  });
});
