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

describe('e-mail addresses locally behave as in the cloud pool (issue 10)', () => {
  it('signs in whatever the case of the e-mail (signInCaseSensitive: false)', async () => {
    for (const email of ['DEMO.Vendor@Example.com', 'demo.vendor@EXAMPLE.COM']) {
      const res = await api('/api/me', { token: await idTokenFor(email, 'Demo!Vendor2026') });
      expect(res.status, email).toBe(200);
      expect(res.body, email).toMatchObject({ email: 'demo.vendor@example.com', vendorId: 'V-10001', status: 'approved' });
    }
    await expect(idTokenFor('DEMO.Vendor@Example.com', 'wrong!Password1')).rejects.toThrow(/Sign-in failed/);
  });

  it('refuses a second sign-up of an address in another case, and a malformed address', async () => {
    const clientId = inject('stack').webConfig.userPoolClientId;
    const signUp = (email: string) =>
      cognitoCall('SignUp', { ClientId: clientId, Username: email, Password: 'Fresh!Vendor2026', UserAttributes: [{ Name: 'email', Value: email }] });
    await expect(signUp('Demo.Vendor@example.com')).rejects.toThrow(/UsernameExistsException/);
    await expect(signUp('bad@@example')).rejects.toThrow(/InvalidParameterException.*Invalid email address format/);
    await expect(signUp('bad@example')).rejects.toThrow(/InvalidParameterException/);
  });

  it('finds a mixed-case sign-up again in lower case: confirm, sign in, forgot password', async () => {
    const email = `Mixed.Case.${Date.now()}@Example.com`;
    await signUpVendor(email, 'Fresh!Vendor2026', 'Mixed Case Foods');
    const res = await api('/api/me', { token: await idTokenFor(email.toLowerCase(), 'Fresh!Vendor2026') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, status: 'pending' });
    const clientId = inject('stack').webConfig.userPoolClientId;
    await expect(cognitoCall('ForgotPassword', { ClientId: clientId, Username: email.toUpperCase() })).resolves.toHaveProperty('CodeDeliveryDetails');
  });
});
