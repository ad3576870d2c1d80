import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, meBody, namedError, signedInUser, stubFetch } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/** Issue 14: a user with two-step sign-in on gives the code of their authenticator app after the password. */
async function passwordStep(password = 'Demo!Vendor2026') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'demo.vendor@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const location = () => screen.getByTestId('location').textContent;

describe('two-step sign-in (issue 14)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    auth.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    auth.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('asks for the code after the password, checks its form, and signs in with it', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    const user = await passwordStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(location()).toBe('/');
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeTruthy();
    await user.type(code, '12a456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code is 6 digits.')).toBeTruthy();
    expect(auth.confirmSignIn).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 15_000 });
    expect(auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it('a wrong code is said in the page and can be typed again', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    auth.confirmSignIn.mockRejectedValueOnce(namedError('CodeMismatchException', 'Invalid code or auth state for the user.'));
    renderApp('/');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not correct. Enter the code your app shows now.');
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 15_000 });
  });

  it('when the sign-in session is over, goes back to the password step and says why; Back does too', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    auth.confirmSignIn.mockRejectedValueOnce(namedError('NotAuthorizedException', 'Invalid session for the user, session is expired.'));
    renderApp('/');
    let user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The sign-in took too long. Enter your password again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Seller Portal' })).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');

    user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'Demo!Vendor2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Seller Portal' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in Traditional Chinese', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    await switchLanguage('zh-TW');
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('電子郵件'), 'demo.vendor@example.com');
    await user.type(screen.getByLabelText('密碼'), 'Demo!Vendor2026');
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('heading', { level: 1, name: '兩步驟驗證' })).toBeTruthy();
    expect(screen.getByLabelText('驗證碼')).toBeTruthy();
    expect(screen.getByRole('button', { name: '驗證' })).toBeTruthy();
  });
});
