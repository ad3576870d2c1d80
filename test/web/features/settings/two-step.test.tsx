import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { ACCESS_TOKEN, auth, configure, meBody, namedError, signedInUser, USER_ID } from '../../amplify-mock';
import { renderSignedIn, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The session's tokens with the sign-in `agoSeconds` in the past (`auth_time` of the ID token). */
function signedInAgo(agoSeconds: number) {
  const auth_time = Math.floor(Date.now() / 1000) - agoSeconds;
  return {
    tokens: {
      idToken: { toString: () => 'id-token-1', payload: { email: 'demo.vendor@example.com', sub: USER_ID, auth_time } },
      accessToken: { toString: () => ACCESS_TOKEN, payload: { sub: USER_ID, token_use: 'access' } },
    },
  };
}

/** Issue 14: two-step verification is turned on and off in Account settings. */
describe('two-step verification in account settings (issue 14)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    auth.fetchAuthSession.mockResolvedValue(signedInAgo(30));
    auth.setUpTOTP.mockResolvedValue({
      sharedSecret: SECRET,
      getSetupUri: (issuer: string, account?: string) => new URL(`otpauth://totp/${encodeURIComponent(issuer)}:${account ?? ''}?secret=${SECRET}&issuer=${encodeURIComponent(issuer)}`),
    });
    auth.verifyTOTPSetup.mockResolvedValue(undefined);
    auth.updateMFAPreference.mockResolvedValue(undefined);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('sets up: a QR code and the key shown once, a wrong first code said under the field, then on', async () => {
    auth.fetchMFAPreference.mockResolvedValue({});
    const { user, calls } = await renderSignedIn({ me: meBody() });
    await user.click(screen.getByTestId('settings-button'));
    const settings = await screen.findByRole('dialog', { name: en.account_settings }, { timeout: 15_000 });
    await waitFor(() => expect(within(settings).getByTestId('settings-two-step').textContent).toBe('Off'));
    await user.click(within(settings).getByRole('button', { name: 'Set up two-step verification' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step verification' }, { timeout: 15_000 });
    const qr = (await within(dialog).findByTestId('two-step-qr', {}, { timeout: 15_000 })) as HTMLImageElement;
    expect(qr.alt).toBe(en.two_step_qr_alt);
    expect(decodeURIComponent(qr.src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
    expect(within(dialog).getByTestId('two-step-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    auth.verifyTOTPSetup.mockRejectedValueOnce(namedError('EnableSoftwareTokenMFAException', 'Code mismatch'));
    const code = within(dialog).getByLabelText(en.two_step_code_label);
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: en.two_step_turn_on }));
    expect(await within(dialog).findByText(en.totp_code_wrong)).toBeTruthy();
    expect(auth.updateMFAPreference).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(en.two_step_code_label), '123 456');
    await user.click(within(dialog).getByRole('button', { name: en.two_step_turn_on }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set up two-step verification' })).toBeNull());
    expect(auth.verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '123456' });
    expect(auth.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    // The server is told, and reads the state from Cognito itself (an empty body).
    expect(calls.filter((c) => c.url === '/api/me/two-step').map((c) => [c.method, c.body])).toEqual([['POST', {}]]);
    expect(within(settings).getByTestId('two-step-updated').textContent).toContain(en.two_step_turned_on);
    expect(within(settings).getByTestId('settings-two-step').textContent).toBe('On');
    expect(within(settings).getByRole('button', { name: 'Turn off two-step verification' })).toBeTruthy();
  });

  it('after an older sign-in, setting up first asks to confirm it is you (a fresh sign-in; issue 24, item 2)', async () => {
    auth.fetchMFAPreference.mockResolvedValue({});
    auth.fetchAuthSession.mockResolvedValue(signedInAgo(3600));
    const { user } = await renderSignedIn({ me: meBody() });
    await user.click(screen.getByTestId('settings-button'));
    const settings = await screen.findByRole('dialog', { name: en.account_settings }, { timeout: 15_000 });
    await waitFor(() => expect(within(settings).getByTestId('settings-two-step').textContent).toBe('Off'));
    await user.click(within(settings).getByRole('button', { name: 'Set up two-step verification' }));

    const confirm = await screen.findByRole('dialog', { name: en.step_up_title }, { timeout: 15_000 });
    expect(auth.setUpTOTP).not.toHaveBeenCalled();
    // The password signs in again (no code yet: two-step is off); the new session is fresh.
    auth.fetchAuthSession.mockResolvedValue(signedInAgo(0));
    await user.type(within(confirm).getByLabelText('Password'), 'Demo!Vendor2026');
    await user.click(within(confirm).getByRole('button', { name: en.step_up_continue }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step verification' }, { timeout: 15_000 });
    expect(await within(dialog).findByTestId('two-step-qr', {}, { timeout: 15_000 })).toBeTruthy();
    expect(auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'demo.vendor@example.com', password: 'Demo!Vendor2026' }));
    expect(auth.setUpTOTP).toHaveBeenCalledTimes(1);
  });

  it('turns off after asking', async () => {
    auth.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    const { user, calls } = await renderSignedIn({ me: meBody() });
    await user.click(screen.getByTestId('settings-button'));
    const settings = await screen.findByRole('dialog', { name: en.account_settings }, { timeout: 15_000 });
    await waitFor(() => expect(within(settings).getByTestId('settings-two-step').textContent).toBe('On'));
    await user.click(within(settings).getByRole('button', { name: 'Turn off two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: en.two_step_off_title }, { timeout: 15_000 });
    expect(dialog.textContent).toContain(en.two_step_off_body);
    await user.click(within(dialog).getByRole('button', { name: en.two_step_turn_off }));
    await waitFor(() => expect(within(settings).getByTestId('settings-two-step').textContent).toBe('Off'));
    expect(auth.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    // The server records it and sends the security notice (issue 14).
    expect(calls.filter((c) => c.url === '/api/me/two-step').map((c) => c.method)).toEqual(['POST']);
    expect(within(settings).getByTestId('two-step-updated').textContent).toContain(en.two_step_turned_off);
  });

  it('says when it cannot be set up; in Traditional Chinese', async () => {
    auth.fetchMFAPreference.mockResolvedValue({});
    auth.setUpTOTP.mockRejectedValue(namedError('NetworkError', 'Failed to fetch'));
    await switchLanguage('zh-TW');
    const { user } = await renderSignedIn({ me: meBody({ language: 'zh-TW' }) });
    await user.click(screen.getByTestId('settings-button'));
    const settings = await screen.findByRole('dialog', { name: zhTW.account_settings }, { timeout: 15_000 });
    await waitFor(() => expect(within(settings).getByTestId('settings-two-step').textContent).toBe(zhTW.two_step_off));
    await user.click(within(settings).getByRole('button', { name: zhTW.two_step_set_up_label }));
    const dialog = await screen.findByRole('dialog', { name: zhTW.two_step_setup_title }, { timeout: 15_000 });
    expect((await within(dialog).findByTestId('two-step-setup-failed', {}, { timeout: 15_000 })).textContent).toContain('無法設定兩步驟驗證');
    expect((within(dialog).getByRole('button', { name: zhTW.two_step_turn_on }) as HTMLButtonElement).disabled).toBe(true);
  });
});
