import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zh from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { ACCESS_TOKEN, auth, configure, meBody, signedInUser, type FetchCall, type Handler } from '../../amplify-mock';
import { renderSignedIn, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

type User = ReturnType<typeof userEvent.setup>;
const patches = (calls: FetchCall[]) => calls.filter((c) => c.method === 'PATCH');
const passwordPosts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/me/password'));
const CURRENT = 'Demo!Vendor2026';
const NEW = 'Fresh!Harvest2027';

async function openSettings(user: User) {
  await user.click(screen.getByTestId('settings-button'));
  return screen.findByRole('dialog', { name: en.account_settings });
}

async function openChangePassword(user: User) {
  const settings = await openSettings(user);
  await user.click(within(settings).getByRole('button', { name: en.edit_password }));
  const dialog = await screen.findByRole('dialog', { name: en.change_password });
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return {
    settings,
    dialog,
    current: field(en.current_password_label),
    next: field(en.new_password_label),
    confirm: field(en.confirm_new_password_label),
    save: within(dialog).getByRole('button', { name: en.save }) as HTMLButtonElement,
  };
}

/** The error text a field points at (aria-describedby), i.e. the message shown under it. */
const errorUnder = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((node) => node?.classList.contains('amplify-field__error-message'))
    .map((node) => node!.textContent)
    .join('');

async function fill(user: User, f: Awaited<ReturnType<typeof openChangePassword>>, current: string, next: string, confirm: string) {
  for (const [input, value] of [
    [f.current, current],
    [f.next, next],
    [f.confirm, confirm],
  ] as const) {
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('account settings dialog (spec §2)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the e-mail read only with the update_email_tooltip, the vendor ID, the payout account, the masked password and the language', async () => {
    const { user } = await renderSignedIn({ me: meBody({ payoutAccountId: 'PA-7f3c' }) });
    const dialog = await openSettings(user);
    const email = within(dialog).getByLabelText(en.email) as HTMLInputElement;
    expect(email.value).toBe('demo.vendor@example.com');
    expect(email.readOnly).toBe(true);
    const info = within(dialog).getByRole('button', { name: en.email_info_label });
    expect(document.getElementById(info.getAttribute('aria-describedby') ?? '')?.textContent).toBe(en.update_email_tooltip);
    expect(within(dialog).getByTestId('settings-vendor-id').textContent).toBe('V-10001');
    await waitFor(() => expect(within(dialog).getByTestId('settings-payout-account').textContent).toBe('PA-7f3c'));
    expect(within(dialog).getByTestId('settings-password-mask').textContent).toBe('••••••••');
    expect(within(dialog).getByText(en.password_hidden)).toBeTruthy();
    expect(within(dialog).getByTestId('settings-language-value').textContent).toBe('English');
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect((within(dialog).getByRole('button', { name: en.save }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('without a payout account, links to /payouts to set one up (and closes)', async () => {
    const { user } = await renderSignedIn({ me: meBody({ payoutAccountId: null }) });
    const dialog = await openSettings(user);
    const link = await within(dialog).findByRole('link', { name: en.set_up_payout_account });
    expect(within(dialog).getByTestId('settings-payout-account').textContent).toContain(en.payout_account_none);
    expect(link.getAttribute('href')).toBe('/payouts');
    await user.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: en.payouts_title })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/payouts');
  });

  it('without a payout account, a member who may not set one up (Finance) is told there is none, without the link', async () => {
    const { user } = await renderSignedIn({ me: meBody({ payoutAccountId: null, memberRole: 'finance', accountHolder: false }) });
    const dialog = await openSettings(user);
    await waitFor(() => expect(within(dialog).getByTestId('settings-payout-account').textContent).toBe(en.payout_account_none));
    expect(within(dialog).queryByRole('link', { name: en.set_up_payout_account })).toBeNull();
  });

  it('says so when the payout account cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let meCalls = 0;
    const { user } = await renderSignedIn({ api: () => (++meCalls === 1 ? { status: 200, body: meBody() } : { status: 503, body: { error: 'unavailable', message: 'x' } }) });
    const dialog = await openSettings(user);
    await waitFor(() => expect(within(dialog).getByTestId('settings-payout-account').textContent).toBe(en.payout_account_unavailable));
  });

  it('default language: Edit shows the select, Done keeps the choice, Save stores it (PATCH /api/me) and applies it', async () => {
    const { user, calls } = await renderSignedIn();
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: en.edit_default_language }));
    const select = within(dialog).getByLabelText(en.default_language) as HTMLSelectElement;
    expect(document.activeElement).toBe(select);
    expect(select.value).toBe('en');
    await user.selectOptions(select, 'zh-TW');
    await user.click(within(dialog).getByRole('button', { name: en.done }));
    expect(within(dialog).getByTestId('settings-language-value').textContent).toBe('繁體中文');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: en.edit_default_language }));
    expect(patches(calls)).toHaveLength(0);
    expect(document.documentElement.lang).toBe('en');

    await user.click(within(dialog).getByRole('button', { name: en.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]!.body).toEqual({ language: 'zh-TW' });
    expect(document.documentElement.lang).toBe('zh-TW');
  });

  it('Save works straight from the select too (without Done)', async () => {
    const { user, calls } = await renderSignedIn();
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: en.edit_default_language }));
    await user.selectOptions(within(dialog).getByLabelText(en.default_language), 'zh-TW');
    await user.click(within(dialog).getByRole('button', { name: en.save }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
  });

  it('Cancel and Escape discard the change, and focus returns to the gear', async () => {
    const { user, calls } = await renderSignedIn();
    const gear = screen.getByTestId('settings-button');
    let dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: en.edit_default_language }));
    await user.selectOptions(within(dialog).getByLabelText(en.default_language), 'zh-TW');
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await openSettings(user);
    expect(within(dialog).getByTestId('settings-language-value').textContent).toBe('English');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(gear);
    expect(patches(calls)).toHaveLength(0);
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('change password dialog (spec §2, §5, §8)', () => {
  let alertSpy: ReturnType<typeof vi.spyOn>;
  /** How the server answers POST /api/me/password (lambdas/vendor/password.ts); 204 unless a test says otherwise. */
  let passwordAnswer: Handler;
  const api: Handler = (call) => (call.url.endsWith('/api/me/password') ? passwordAnswer(call) : { status: 200, body: meBody() });
  const renderWithApi = () => renderSignedIn({ api });
  beforeEach(async () => {
    passwordAnswer = () => ({ status: 204 });
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(alertSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens from the password row on top of Account settings; Escape closes only it, and focus returns to Edit', async () => {
    const { user } = await renderWithApi();
    const f = await openChangePassword(user);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    expect(document.activeElement).toBe(f.current);
    for (const input of [f.current, f.next, f.confirm]) expect(input.type).toBe('password');
    expect(within(f.dialog).getByRole('button', { name: en.cancel })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.activeElement).toBe(within(f.settings).getByRole('button', { name: en.edit_password }));
    await user.click(within(f.settings).getByRole('button', { name: en.edit_password }));
    await user.click(within(await screen.findByRole('dialog', { name: en.change_password })).getByRole('button', { name: en.cancel }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('keeps Save disabled until all three fields are filled', async () => {
    const { user } = await renderWithApi();
    const f = await openChangePassword(user);
    expect(f.save.disabled).toBe(true);
    await user.type(f.current, CURRENT);
    await user.type(f.next, NEW);
    expect(f.save.disabled).toBe(true);
    await user.type(f.confirm, NEW);
    expect(f.save.disabled).toBe(false);
  });

  it("checks in the spec's order: match, then different from current, then the pool's policy — each under its field", async () => {
    const { user, calls } = await renderWithApi();
    const f = await openChangePassword(user);

    // Everything wrong at once: only the first check speaks.
    await fill(user, f, 'short', 'short', 'shorter');
    await user.click(f.save);
    expect(errorUnder(f.confirm)).toBe(en.passwords_do_not_match);
    expect(errorUnder(f.next)).toBe('');
    expect(document.activeElement).toBe(f.confirm);

    // Matching but the same as the current one (and weak too).
    await fill(user, f, 'short', 'short', 'short');
    await user.click(f.save);
    expect(errorUnder(f.confirm)).toBe('');
    expect(errorUnder(f.next)).toBe(en.password_same_as_current);

    // Different and matching, but weak.
    await fill(user, f, CURRENT, 'weakpassword', 'weakpassword');
    await user.keyboard('{Enter}');
    expect(errorUnder(f.next)).toBe(en.password_too_weak.replace('{{min}}', '12'));
    expect(passwordPosts(calls)).toHaveLength(0);
  });

  it("a wrong current password (the server's 400 current_password_incorrect) shows 'The current password you entered is incorrect.' under Current Password", async () => {
    passwordAnswer = () => ({ status: 400, body: { error: 'current_password_incorrect', message: 'The current password you entered is incorrect.' } });
    const { user, calls } = await renderWithApi();
    const f = await openChangePassword(user);
    await fill(user, f, 'Wrong!Password1', NEW, NEW);
    await user.click(f.save);
    await waitFor(() => expect(errorUnder(f.current)).toBe(en.current_password_incorrect));
    expect(f.current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(f.current);
    expect(within(f.dialog).queryByRole('alert')).toBeNull();
    expect(passwordPosts(calls).map((c) => c.body)).toEqual([{ accessToken: ACCESS_TOKEN, previousPassword: 'Wrong!Password1', proposedPassword: NEW }]);
  });

  it.each([
    ['Amplify has no tokens (signed out elsewhere)', () => auth.fetchAuthSession.mockResolvedValue({ tokens: undefined })],
    ['the server answers 401 (access token revoked)', () => (passwordAnswer = () => ({ status: 401, body: { error: 'unauthorized', message: 'Your session has ended. Sign in again.' } }))],
  ])("%s: alert 'User not authenticated.'", async (_what, arrange) => {
    const { user } = await renderWithApi();
    const f = await openChangePassword(user);
    arrange();
    await fill(user, f, CURRENT, NEW, NEW);
    await user.click(f.save);
    expect((await within(f.dialog).findByRole('alert')).textContent).toBe(en.user_not_authenticated);
    expect(errorUnder(f.current)).toBe('');
  });

  it("a session without an e-mail: alert 'User not authenticated.' without calling Cognito", async () => {
    signedInUser('');
    const { user, calls } = await renderSignedIn({ me: meBody({ email: '' }) });
    const f = await openChangePassword(user);
    await fill(user, f, CURRENT, NEW, NEW);
    await user.click(f.save);
    expect((await within(f.dialog).findByRole('alert')).textContent).toBe(en.user_not_authenticated);
    expect(passwordPosts(calls)).toHaveLength(0);
  });

  it("other errors show their message, or 'An error occurred.'", async () => {
    const answers = [
      { status: 429, body: { error: 'too_many_requests', message: 'Attempt limit exceeded, please try after some time.' } },
      { status: 400, body: { error: 'validation_error', message: 'Password does not conform to policy: Password not long enough', fields: { proposedPassword: 'password_too_weak' } } },
      { status: 500, body: { error: 'internal_error', message: 'Something went wrong. Reference: req-1' } },
    ];
    passwordAnswer = () => answers.shift()!;
    const { user } = await renderWithApi();
    const f = await openChangePassword(user);
    await fill(user, f, CURRENT, NEW, NEW);
    await user.click(f.save);
    expect((await within(f.dialog).findByRole('alert')).textContent).toBe('Attempt limit exceeded, please try after some time.');
    await user.click(f.save);
    await waitFor(() => expect(within(f.dialog).getByRole('alert').textContent).toBe('Password does not conform to policy: Password not long enough'));
    await user.click(f.save);
    await waitFor(() => expect(within(f.dialog).getByRole('alert').textContent).toBe(en.error_occurred));
  });

  it('in zh-TW, other errors show the translated reason, never the server\'s English (issue 24, item 19)', async () => {
    passwordAnswer = () => ({ status: 429, body: { error: 'too_many_requests', message: 'Attempt limit exceeded, please try after some time.' } });
    const { user } = await renderWithApi();
    const f = await openChangePassword(user);
    await fill(user, f, CURRENT, NEW, NEW);
    await act(() => switchLanguage('zh-TW'));
    await user.click(f.save);
    expect((await within(f.dialog).findByRole('alert')).textContent).toBe(zh.error_reason_rate_limited);
  });

  it("success: 'Saving...' while busy, then the dialog closes and 'Password updated successfully.' shows in Account settings", async () => {
    let done: () => void = () => undefined;
    passwordAnswer = () => new Promise((resolve) => (done = () => resolve({ status: 204 })));
    const { user, calls } = await renderWithApi();
    const f = await openChangePassword(user);
    await fill(user, f, CURRENT, NEW, NEW);
    await user.keyboard('{Enter}');
    const saving = await within(f.dialog).findByRole('button', { name: /Saving\.\.\./ });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((within(f.dialog).getByRole('button', { name: en.cancel }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: en.change_password })).toBeTruthy();
    done();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: en.change_password })).toBeNull());
    const alert = within(f.settings).getByRole('alert');
    expect(alert.textContent).toContain(en.password_updated);
    expect(passwordPosts(calls)).toHaveLength(1);
    expect(passwordPosts(calls)[0]).toMatchObject({
      headers: { authorization: 'Bearer id-token-1', 'content-type': 'application/json' },
      body: { accessToken: ACCESS_TOKEN, previousPassword: CURRENT, proposedPassword: NEW },
    });
  });
});
