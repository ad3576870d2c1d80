import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, configure, namedError, signedInUser, stubFetch } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const location = () => screen.getByTestId('location').textContent;

describe('sign-up (/signup, /signup-success)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    stubFetch(() => ({ status: 404 }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // A followed invitation (kept for the tab) belongs to its own test.
    sessionStorage.clear();
  });

  async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
    await user.type(await screen.findByLabelText('Business name'), 'Fresh Farm Co');
    await user.type(screen.getByLabelText('Email'), 'fresh@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it("checks that the passwords match first ('Passwords do not match.'), then the policy", async () => {
    renderApp('/signup');
    const user = userEvent.setup();
    await fill(user, 'short', 'different');
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.queryByText('Passwords do not match.')).toBeNull();
    expect(screen.getByText(/The password must have at least 12 characters/)).toBeTruthy();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it("refuses a malformed e-mail such as bad@@example with 'Please enter a valid email address' by the field (issue 10)", async () => {
    renderApp('/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Business name'), 'Fresh Farm Co');
    for (const bad of ['bad@@example', 'bad@example', 'bad example@example.com', 'bad@.example.com']) {
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), bad);
      await user.type(screen.getByLabelText('Password'), 'Fresh!Farm2026');
      await user.type(screen.getByLabelText('Confirm password'), 'Fresh!Farm2026');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      const field = screen.getByLabelText('Email');
      expect(field.getAttribute('aria-invalid'), bad).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent, bad).toBe('Please enter a valid email address');
      await user.clear(screen.getByLabelText('Password'));
      await user.clear(screen.getByLabelText('Confirm password'));
    }
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('signs up with the e-mail, the business name as `name` and the language as `locale`, then confirms the code', async () => {
    auth.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    auth.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    auth.resendSignUpCode.mockResolvedValue({});
    renderApp('/signup');
    const user = userEvent.setup();
    await fill(user, 'Fresh!Farm2026', 'Fresh!Farm2026');
    // Amplify's code is imported on first use (lib/auth-client.ts): up to 5 s on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' }, { timeout: 15_000 })).toBeTruthy();
    expect(auth.signUp).toHaveBeenCalledWith({
      username: 'fresh@example.com',
      password: 'Fresh!Farm2026',
      options: { userAttributes: { email: 'fresh@example.com', name: 'Fresh Farm Co', locale: 'en' } },
    });
    expect(location()).toBe('/signup?confirm=fresh%40example.com');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('status')).textContent).toBe('A new code has been sent to fresh@example.com.');
    expect(auth.resendSignUpCode).toHaveBeenCalledWith({ username: 'fresh@example.com' });

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeTruthy();
    expect(auth.confirmSignUp).toHaveBeenCalledWith({ username: 'fresh@example.com', confirmationCode: '123456' });
    expect(location()).toBe('/signup-success');
    expect(screen.getByText(/under review/)).toBeTruthy();
  });

  it('an invitee (from an invitation link) joins a shop: no application, no business name, and is signed in after confirming (issue 24, item 18)', async () => {
    sessionStorage.setItem('seller-portal.invitation', JSON.stringify({ token: 'T'.repeat(43), shop: 'Harbor Fresh' }));
    auth.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    auth.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    signedInUser('staff@example.com');
    renderApp('/signup');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Join Harbor Fresh on Seller Portal' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Apply to sell')).toBeNull();
    expect(screen.queryByLabelText('Business name')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'staff@example.com');
    await user.type(screen.getByLabelText('Password'), 'Fresh!Staff2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Fresh!Staff2026');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' }, { timeout: 15_000 })).toBeTruthy();
    // The account's name is the shop's (the post-confirmation trigger's application is replaced on joining).
    expect(auth.signUp).toHaveBeenCalledWith({
      username: 'staff@example.com',
      password: 'Fresh!Staff2026',
      options: { userAttributes: { email: 'staff@example.com', name: 'Harbor Fresh', locale: 'en' } },
    });
    expect(screen.getByText(/to join Harbor Fresh/)).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // Signed in with the password just chosen: no second trip through the sign-in form.
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'staff@example.com', password: 'Fresh!Staff2026' })), { timeout: 15_000 });
    await waitFor(() => expect(location()).not.toMatch(/^\/signup/), { timeout: 15_000 });
    expect(location()).not.toBe('/signup-success');
  });

  it('explains a wrong code and an existing account', async () => {
    auth.confirmSignUp.mockRejectedValue(namedError('CodeMismatchException', 'Invalid verification code provided, please try again.'));
    renderApp('/signup?confirm=fresh%40example.com');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not correct. Please check it and try again.');

    auth.signUp.mockRejectedValue(namedError('UsernameExistsException', 'User already exists'));
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await user.click(await screen.findByRole('link', { name: 'Apply to sell' }));
    await fill(user, 'Fresh!Farm2026', 'Fresh!Farm2026');
    expect((await screen.findByRole('alert')).textContent).toMatch(/already exists/);
  });
});

describe('password reset (/forgot-password, /reset-password)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    stubFetch(() => ({ status: 404 }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("checks the e-mail's format before asking for a code", async () => {
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'bad@@example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(auth.resetPassword).not.toHaveBeenCalled();
  });

  it('sends a code and continues on /reset-password with the e-mail', async () => {
    auth.resetPassword.mockResolvedValue({ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' } });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo.vendor@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(auth.resetPassword).toHaveBeenCalledWith({ username: 'demo.vendor@example.com' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo.vendor@example.com');
  });

  it('sets the new password with the code, after checking both entries match', async () => {
    auth.confirmResetPassword.mockResolvedValue(undefined);
    renderApp('/reset-password?email=demo.vendor%40example.com');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'New!Password2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'New!Password2027');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(auth.confirmResetPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'New!Password2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Your password has been reset/);
    expect(auth.confirmResetPassword).toHaveBeenCalledWith({ username: 'demo.vendor@example.com', confirmationCode: '654321', newPassword: 'New!Password2026' });
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/');
  });
});
