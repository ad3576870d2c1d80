import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, CONFIG, configure, meBody, namedError, signedInUser, storeAmplifySession, stubFetch, USER_ID } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

async function signIn(email = 'demo.vendor@example.com', password = 'Demo!Vendor2026') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const location = () => screen.getByTestId('location').textContent;

describe('login page (/) and sign-in outcomes (spec §4)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders the form without loading Amplify or /config.json for a first visitor', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Seller Portal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Apply to sell' }).getAttribute('href')).toBe('/signup');
    expect(configure).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('language-button')).toBeNull(); // header hidden
  });

  it('approved: signs in with the configured auth flow, stores the vendor id and goes to /dashboard', async () => {
    const calls = stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    await signIn();
    expect(await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 })).toHaveProperty('textContent', 'V-10001');
    expect(location()).toBe('/dashboard');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
    expect(screen.getByTestId('dashboard-greeting').textContent).toBe('Welcome, Golden Harvest Foods');
    expect(auth.signIn).toHaveBeenCalledWith({ username: 'demo.vendor@example.com', password: 'Demo!Vendor2026', options: { authFlowType: CONFIG.authFlowType } });
    // Locally (no identity pool) with the token provider and the local credentials provider (test/web/lib/amplify-config.test.ts).
    expect(configure).toHaveBeenCalledWith(
      {
        Auth: { Cognito: { userPoolId: CONFIG.userPoolId, userPoolClientId: CONFIG.userPoolClientId, userPoolEndpoint: CONFIG.local.userPoolEndpoint, loginWith: { email: true } } },
        Storage: { S3: { bucket: CONFIG.productImagesBucket, region: CONFIG.region, dangerouslyConnectToHttpEndpointForTesting: 'true' } },
      },
      { Auth: { tokenProvider: expect.anything(), credentialsProvider: expect.anything() } },
    );
    expect(calls[0]).toMatchObject({ url: '/api/me', method: 'GET', headers: { authorization: 'Bearer id-token-1' } });
    expect(localStorage.getItem('vendorId')).toBe('V-10001');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('approved with a stored zh-TW: the portal switches to Traditional Chinese and <html lang> follows', async () => {
    stubFetch(() => ({ status: 200, body: meBody({ language: 'zh-TW' }) }));
    renderApp('/');
    await signIn();
    await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 });
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(screen.getByTestId('language-button').textContent).toBe('繁中');
  });

  it('approved with a stored language other than exactly en or zh-TW: stays en', async () => {
    stubFetch(() => ({ status: 200, body: meBody({ language: 'zh' }) }));
    renderApp('/');
    await signIn();
    await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 });
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByTestId('language-button').textContent).toBe('EN');
  });

  it('pending: signed out at once, with an in-page message that the application is under review', async () => {
    stubFetch(() => ({ status: 200, body: meBody({ status: 'pending', vendorId: null }) }));
    renderApp('/');
    await signIn('pending.vendor@example.com');
    expect((await screen.findByRole('alert')).textContent).toContain('Your vendor application is under review.');
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/');
    expect(localStorage.getItem('vendorId')).toBeNull();
  });

  it('rejected: signed out at once, with the stored rejection reason', async () => {
    stubFetch(() => ({ status: 200, body: meBody({ status: 'rejected', vendorId: null, rejectionReason: 'Business licence expired.' }) }));
    renderApp('/');
    await signIn('rejected.vendor@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your vendor application was not approved.');
    expect(alert.textContent).toContain('Reason: Business licence expired.');
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/');
  });

  it("no vendor record (404): logs 'Vendor not found for user UID', no vendor id, signed out with a message", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(() => ({ status: 404, body: { error: 'vendor_not_found', message: `Vendor not found for user ${USER_ID}` } }));
    renderApp('/');
    await signIn('norecord.user@example.com');
    expect((await screen.findByRole('alert')).textContent).toContain('No vendor account was found');
    expect(warn).toHaveBeenCalledWith(`Vendor not found for user ${USER_ID}`);
    expect(localStorage.getItem('vendorId')).toBeNull();
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/');
  });

  it('pending, rejected and no record point to vendor support: /contact offers its e-mail with the address typed here (issue 10)', async () => {
    for (const [email, answer] of [
      ['pending.vendor@example.com', { status: 200, body: meBody({ status: 'pending', vendorId: null }) }],
      ['rejected.vendor@example.com', { status: 200, body: meBody({ status: 'rejected', vendorId: null, rejectionReason: 'Business licence expired.' }) }],
      ['norecord.user@example.com', { status: 404, body: { error: 'vendor_not_found', message: `Vendor not found for user ${USER_ID}` } }],
    ] as const) {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      stubFetch(() => answer);
      const { unmount } = renderApp('/');
      await signIn(email);
      const alert = await screen.findByRole('alert');
      const link = within(alert).getByRole('link', { name: 'Contact vendor support' });
      expect(link.getAttribute('href'), email).toBe('/contact');
      if (email.startsWith('pending')) {
        await userEvent.setup().click(link);
        expect(await screen.findByRole('heading', { level: 1, name: 'Contact vendor support' })).toBeTruthy();
        const mail = await screen.findByTestId('support-email-link');
        expect(mail.textContent).toBe(CONFIG.supportEmail);
        const href = new URL(mail.getAttribute('href')!);
        expect(href.protocol).toBe('mailto:');
        expect(href.pathname).toBe(CONFIG.supportEmail);
        expect(href.searchParams.get('subject')).toBe('Seller Portal: help with signing in');
        expect(href.searchParams.get('body')).toContain(`Sign-in e-mail: ${email}`);
        expect(location()).toBe('/contact');
      }
      unmount();
    }
  });

  it("offers 'Cannot sign in? Contact vendor support' without loading anything until it is opened", async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Contact vendor support' });
    expect(link.parentElement?.textContent).toBe('Cannot sign in? Contact vendor support');
    expect(calls).toHaveLength(0);
  });

  it('wrong password: a clear in-page message, and the vendor record is not read', async () => {
    auth.signIn.mockRejectedValue(namedError('NotAuthorizedException', 'Incorrect username or password.'));
    const calls = stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    await signIn('demo.vendor@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password.');
    expect(calls).toHaveLength(0);
    expect(location()).toBe('/');
  });

  it('asks for the e-mail and password before calling Cognito', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your e-mail address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('an unconfirmed sign-up goes to the confirmation step of /signup', async () => {
    auth.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    await signIn('new@example.com');
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(location()).toBe('/signup?confirm=new%40example.com');
  });

  it('a stale session from another tab is replaced', async () => {
    auth.signIn.mockRejectedValueOnce(namedError('UserAlreadyAuthenticatedException')).mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    await signIn();
    await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 });
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(auth.signIn).toHaveBeenCalledTimes(2);
  });

  it('the language switch of the login page changes the language locally, without saving', async () => {
    const calls = stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Language'), 'zh-TW');
    expect(await screen.findByRole('heading', { level: 1, name: '登入賣家平台' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(calls).toHaveLength(0);
  });
});

describe('restoring a session on reload', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'Checking authentication...' and then the guarded page", async () => {
    storeAmplifySession();
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    stubFetch(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/orders');
    expect((await screen.findByRole('status')).textContent).toBe('Checking authentication...');
    await waitFor(() => expect(auth.fetchAuthSession).toHaveBeenCalled());
    await waitFor(() => answer({ status: 200, body: meBody() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(auth.getCurrentUser).toHaveBeenCalled();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('a signed-in vendor who opens / goes on to /dashboard', async () => {
    storeAmplifySession();
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/');
    expect(await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 })).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });

  it('an expired session is cleared quietly and the guard sends the visitor to /', async () => {
    storeAmplifySession();
    auth.getCurrentUser.mockRejectedValue(namedError('UserUnAuthenticatedException'));
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/payouts');
    expect(await screen.findByText('Redirecting to login...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Seller Portal' }, { timeout: 2000 })).toBeTruthy();
    expect(auth.signOut).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a vendor who became pending since is signed out and told so on the login page', async () => {
    storeAmplifySession();
    stubFetch(() => ({ status: 200, body: meBody({ status: 'pending', vendorId: null }) }));
    renderApp('/dashboard');
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toContain('under review');
    expect(location()).toBe('/');
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it("a first visitor of a guarded page sees 'Redirecting to login...' without any network call", async () => {
    const calls = stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/dashboard');
    expect(await screen.findByText('Redirecting to login...')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 2000 })).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(configure).not.toHaveBeenCalled();
  });
});
