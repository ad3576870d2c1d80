import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_CATEGORIES } from '../../../../contracts/support/schema';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, meBody, signedInUser, stubFetch, USER_ID, type FetchCall, type Handler } from '../../amplify-mock';
import { renderApp, renderSignedIn, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

type User = ReturnType<typeof userEvent.setup>;
const supportPosts = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/support');
const location = () => screen.getByTestId('location').textContent;

/** GET /api/me answers the demo vendor; POST /api/support answers `support`. */
const apiWith =
  (support: Handler): Handler =>
  (call) =>
    call.url === '/api/support' ? support(call) : { status: 200, body: meBody() };

async function openSupport(user: User) {
  await user.click(screen.getByTestId('help-button'));
  await user.click(await screen.findByRole('menuitem', { name: en.contact_support }));
  return screen.findByRole('dialog', { name: en.contact_support });
}

const fields = (dialog: HTMLElement) => ({
  category: within(dialog).getByLabelText(en.support_category) as HTMLSelectElement,
  message: within(dialog).getByLabelText(en.support_message) as HTMLTextAreaElement,
  send: within(dialog).getByRole('button', { name: en.send }) as HTMLButtonElement,
});

/** The text of the error message a field points at with aria-describedby. */
const describedErrors = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((node) => node?.classList.contains('amplify-field__error-message'))
    .map((node) => node!.textContent);

describe('contact support dialog (spec §2, §7, §8)', () => {
  let alertSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    // A forced refresh hands out a new token: the support call must carry that one.
    auth.fetchAuthSession.mockImplementation(async (options?: { forceRefresh?: boolean }) => ({
      tokens: { idToken: { toString: () => (options?.forceRefresh ? 'fresh-id-token' : 'id-token-1'), payload: { email: 'demo.vendor@example.com', sub: 'user-1' } } },
    }));
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(alertSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("has a category select with a blank 'Choose one' first and the eight categories, a message, Cancel and Send", async () => {
    const { user } = await renderSignedIn();
    const dialog = await openSupport(user);
    const { category, message } = fields(dialog);
    const options = within(category).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([['', en.choose_one], ...SUPPORT_CATEGORIES.map((key) => [key, en[key]])]);
    expect(category.value).toBe('');
    expect(message.tagName).toBe('TEXTAREA');
    expect(within(dialog).getByRole('button', { name: en.cancel })).toBeTruthy();
    expect(document.activeElement).toBe(category);
  });

  it('keeps Send disabled until a category and a message (not just spaces) are present', async () => {
    const { user } = await renderSignedIn();
    const dialog = await openSupport(user);
    const { category, message, send } = fields(dialog);
    expect(send.disabled).toBe(true);
    await user.selectOptions(category, 'report_bug');
    expect(send.disabled).toBe(true);
    await user.type(message, '   ');
    expect(send.disabled).toBe(true);
    await user.type(message, 'The orders page is empty');
    expect(send.disabled).toBe(false);
    await user.selectOptions(category, '');
    expect(send.disabled).toBe(true);
  });

  it("Enter with a field missing shows 'Please select a category' / 'Please enter a message' by the field, and sends nothing", async () => {
    const { user, calls } = await renderSignedIn();
    const dialog = await openSupport(user);
    const { category, message } = fields(dialog);
    await user.type(message, '  {Enter}');
    expect(describedErrors(category)).toEqual([en.please_select_category]);
    expect(describedErrors(message)).toEqual([en.please_enter_message]);
    expect(category.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(category);

    await user.selectOptions(category, 'ask_question');
    expect(describedErrors(category)).toEqual([]);
    await user.click(message);
    await user.keyboard('{Enter}');
    expect(describedErrors(message)).toEqual([en.please_enter_message]);
    expect(document.activeElement).toBe(message);
    expect(supportPosts(calls)).toHaveLength(0);
  });

  it('shows the message error when a changed message is left blank', async () => {
    const { user } = await renderSignedIn();
    const dialog = await openSupport(user);
    const { category, message } = fields(dialog);
    await user.type(message, 'x');
    await user.clear(message);
    expect(describedErrors(message)).toEqual([]);
    await user.click(category);
    expect(describedErrors(message)).toEqual([en.please_enter_message]);
  });

  it('Shift+Enter adds a line; Enter sends POST /api/support with a freshly refreshed ID token, then an in-page alert with the case number', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { user, calls } = await renderSignedIn({ api: apiWith(() => new Promise((resolve) => (answer = resolve))) });
    const dialog = await openSupport(user);
    const { category, message } = fields(dialog);
    await user.selectOptions(category, 'payouts_category');
    await user.type(message, '  When is my next payout?{Shift>}{Enter}{/Shift}Thanks');
    expect(message.value).toBe('  When is my next payout?\nThanks');
    expect(supportPosts(calls)).toHaveLength(0);

    await user.keyboard('{Enter}');
    // Busy while sending: 'Sending...' and nothing can be sent twice.
    const busy = await within(dialog).findByRole('button', { name: /Sending\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: en.cancel }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(supportPosts(calls)).toHaveLength(1));
    expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(supportPosts(calls)[0]).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer fresh-id-token', 'content-type': 'application/json' },
      body: { category: 'payouts_category', message: 'When is my next payout?\nThanks', vendorId: 'V-10001' },
    });

    answer({ status: 201, body: { caseId: 'SC-20260101-ABC', status: 'open', createdAt: '2026-01-01T00:00:00.000Z' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const alert = screen.getByTestId('page-alert');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Your support case SC-20260101-ABC has been submitted. We will get back to you within 24 hours.');
    expect(supportPosts(calls)).toHaveLength(1);
    // Dismissable, and gone on another page.
    await user.click(within(alert).getByRole('button', { name: en.dismiss }));
    expect(screen.queryByTestId('page-alert')).toBeNull();
  });

  it('does not send while an input method is composing (Enter confirms a Chinese candidate)', async () => {
    const { user, calls } = await renderSignedIn();
    const dialog = await openSupport(user);
    const { category, message } = fields(dialog);
    await user.selectOptions(category, 'ask_question');
    await user.type(message, '你好');
    fireEvent.keyDown(message, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(message, { key: 'Enter', keyCode: 229 });
    await new Promise((r) => setTimeout(r, 20));
    expect(supportPosts(calls)).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("a non-OK answer shows 'Failed to submit support case: {server message}' in the dialog, which stays open with the text", async () => {
    const { user, calls } = await renderSignedIn({
      api: apiWith(() => ({ status: 429, body: { error: 'support_rate_limited', message: 'You can open at most 10 support cases an hour.' } })),
    });
    const dialog = await openSupport(user);
    const { category, message, send } = fields(dialog);
    await user.selectOptions(category, 'report_bug');
    await user.type(message, 'Broken');
    await user.click(send);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to submit support case: You can open at most 10 support cases an hour.');
    expect(message.value).toBe('Broken');
    expect(supportPosts(calls)).toHaveLength(1);
    expect(screen.queryByTestId('page-alert')).toBeNull();
  });

  it('a non-OK answer without a JSON body still says what failed', async () => {
    const { user } = await renderSignedIn({ api: apiWith(() => ({ status: 500 })) });
    const dialog = await openSupport(user);
    await user.selectOptions(fields(dialog).category, 'report_bug');
    await user.type(fields(dialog).message, 'Broken{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to submit support case: HTTP 500');
  });

  it('sends an Idempotency-Key: the same one when the same case is sent again after an error, a new one once the message changed', async () => {
    let n = 0;
    const { user, calls } = await renderSignedIn({
      api: apiWith(() => {
        n += 1;
        if (n === 1) throw new TypeError('Failed to fetch');
        if (n === 2) return { status: 503, body: { error: 'unavailable', message: 'Try again' } };
        return { status: 201, body: { caseId: 'SC-20261124-120000-ABCD', status: 'open' } };
      }),
    });
    const dialog = await openSupport(user);
    await user.selectOptions(fields(dialog).category, 'report_bug');
    await user.type(fields(dialog).message, 'Broken{Enter}');
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: en.send }));
    await waitFor(() => expect(supportPosts(calls)).toHaveLength(2));
    await user.type(fields(dialog).message, ' again{Enter}');
    await waitFor(() => expect(supportPosts(calls)).toHaveLength(3));
    const keys = supportPosts(calls).map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("an exception shows 'An error occurred: {message}'", async () => {
    const { user } = await renderSignedIn({
      api: apiWith(() => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const dialog = await openSupport(user);
    await user.selectOptions(fields(dialog).category, 'inventory_category');
    await user.type(fields(dialog).message, 'Stock is wrong{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An error occurred: Failed to fetch');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('an exception while refreshing the token is an exception too', async () => {
    const { user, calls } = await renderSignedIn();
    auth.fetchAuthSession.mockRejectedValue(Object.assign(new Error('Network error'), { name: 'NetworkError' }));
    const dialog = await openSupport(user);
    await user.selectOptions(fields(dialog).category, 'inventory_category');
    await user.type(fields(dialog).message, 'Stock is wrong{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An error occurred: Network error');
    expect(supportPosts(calls)).toHaveLength(0);
  });

  it("no token after the forced refresh: signs out, goes to '/' and says 'Authentication token unavailable. Please sign in again.'", async () => {
    const { user, calls } = await renderSignedIn();
    auth.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const dialog = await openSupport(user);
    await user.selectOptions(fields(dialog).category, 'ask_question');
    await user.type(fields(dialog).message, 'Hello{Enter}');
    await waitFor(() => expect(location()).toBe('/'));
    expect((await screen.findByRole('alert')).textContent).toBe(en.auth_token_unavailable);
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('vendorId')).toBeNull();
    expect(supportPosts(calls)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('a forced sign-in keeps what was typed (issue 24, item 11): signed in again, the dialog opens with the draft; a send clears it', async () => {
    const { user, calls } = await renderSignedIn({ api: apiWith(() => ({ status: 201, body: { caseId: 'SC-20260101-KEPT', status: 'open', createdAt: '2026-01-01T00:00:00.000Z' } })) });
    auth.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const dialog = await openSupport(user);
    await user.selectOptions(fields(dialog).category, 'payouts_category');
    await user.type(fields(dialog).message, 'My payout is missing,{Shift>}{Enter}{/Shift}please check.{Enter}');
    await waitFor(() => expect(location()).toBe('/'));
    expect(supportPosts(calls)).toHaveLength(0);

    // The same user signs in again (the session's tokens are back).
    signedInUser();
    await user.type(await screen.findByLabelText('Email'), 'demo.vendor@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo!Vendor2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const again = await screen.findByRole('dialog', { name: en.contact_support });
    expect(fields(again).category.value).toBe('payouts_category');
    expect(fields(again).message.value).toBe('My payout is missing,\nplease check.');
    expect(within(again).getByTestId('support-draft-restored').textContent).toBe(en.support_draft_restored);

    await user.click(fields(again).send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(supportPosts(calls)).toHaveLength(1);
    expect(supportPosts(calls)[0]!.body).toMatchObject({ category: 'payouts_category', message: 'My payout is missing,\nplease check.' });
    // Sent: nothing is kept, and the dialog opens empty next time.
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);
    const next = await openSupport(user);
    expect(fields(next).message.value).toBe('');
  });

  it('a kept draft is only its own user’s, and Cancel forgets it', async () => {
    sessionStorage.setItem('draft:v1:someone-else:support-case', JSON.stringify({ values: { category: 'report_bug', message: 'Not yours' }, reopen: true }));
    const { user } = await renderSignedIn();
    const dialog = await openSupport(user);
    expect(fields(dialog).message.value).toBe('');
    await user.type(fields(dialog).message, 'Half a thought');
    expect(JSON.parse(sessionStorage.getItem(`draft:v1:${USER_ID}:support-case`) ?? 'null')).toMatchObject({ values: { message: 'Half a thought' } });
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    expect(sessionStorage.getItem(`draft:v1:${USER_ID}:support-case`)).toBeNull();
  });

  it('a visitor nobody signed in (an unguarded page) gets no message field to lose, but the way to sign in and to vendor support by e-mail (issue 10)', async () => {
    const calls = stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/no-such-page');
    await screen.findByRole('heading', { name: en.not_found_title });
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const dialog = await openSupport(user);
    expect(within(dialog).getByText(en.support_signed_out_body)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByLabelText(en.support_message)).toBeNull();
    expect(within(dialog).getByRole('link', { name: en.sign_in }).getAttribute('href')).toBe('/');
    await user.click(within(dialog).getByRole('link', { name: en.contact_title }));
    await waitFor(() => expect(location()).toBe('/contact'));
    expect(await screen.findByRole('heading', { level: 1, name: en.contact_title })).toBeTruthy();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(supportPosts(calls)).toHaveLength(0);
  });

  it('Cancel and Escape close without sending', async () => {
    const { user, calls } = await renderSignedIn();
    let dialog = await openSupport(user);
    await user.selectOptions(fields(dialog).category, 'ask_question');
    await user.click(within(dialog).getByRole('button', { name: en.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await openSupport(user);
    expect(fields(dialog).category.value).toBe('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(supportPosts(calls)).toHaveLength(0);
  });

  it('speaks Traditional Chinese: labels, categories, messages', async () => {
    const { user } = await renderSignedIn({ api: apiWith(() => ({ status: 403, body: { error: 'vendor_not_approved', message: 'Not approved' } })) });
    await switchLanguage('zh-TW');
    await user.click(screen.getByTestId('help-button'));
    await user.click(await screen.findByRole('menuitem', { name: zhTW.contact_support }));
    const dialog = await screen.findByRole('dialog', { name: zhTW.contact_support });
    const category = within(dialog).getByLabelText(zhTW.support_category) as HTMLSelectElement;
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual([zhTW.choose_one, ...SUPPORT_CATEGORIES.map((k) => zhTW[k])]);
    const message = within(dialog).getByLabelText(zhTW.support_message);
    await user.type(message, ' {Enter}');
    expect(describedErrors(category)).toEqual([zhTW.please_select_category]);
    await user.selectOptions(category, 'add_remove_product');
    await user.type(message, '新增商品{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.querySelector('.alert-text')?.textContent).toBe(`客服案件送出失敗：${zhTW.error_reason_vendor_not_approved}`);
    // No English server text is appended to the translated sentence (issue 24, item 19).
    expect(within(alert).queryByTestId('error-detail')).toBeNull();
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('zh-TW with a failing server or network: translated sentences, only the request id as a detail (issues 10, 24)', async () => {
    let answer: () => { status: number; body?: unknown } = () => ({ status: 503, body: { error: 'internal_error', message: 'Support is down for maintenance. Reference: 7d1c-42aa' } });
    const { user } = await renderSignedIn({ api: apiWith(() => answer()) });
    await switchLanguage('zh-TW');
    await user.click(screen.getByTestId('help-button'));
    await user.click(await screen.findByRole('menuitem', { name: zhTW.contact_support }));
    const dialog = await screen.findByRole('dialog', { name: zhTW.contact_support });
    await user.selectOptions(within(dialog).getByLabelText(zhTW.support_category), 'report_bug');
    await user.type(within(dialog).getByLabelText(zhTW.support_message), '無法上傳圖片{Enter}');
    let alert = await within(dialog).findByRole('alert');
    const sentence = () => alert.querySelector('.error-sentence')?.textContent ?? '';
    expect(sentence()).toBe(`客服案件送出失敗：${zhTW.error_reason_server}`);
    expect(sentence()).not.toMatch(/[A-Za-z]/);
    const detail = within(alert).getByTestId('error-detail');
    expect(detail.textContent).toBe(`${zhTW.error_detail_label} 7d1c-42aa`);

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(dialog).getByRole('button', { name: zhTW.send }));
    await waitFor(() => expect(within(dialog).getByRole('alert').querySelector('.alert-text')?.textContent).toBe(`發生錯誤：${zhTW.error_network}`));
    alert = within(dialog).getByRole('alert');
    expect(within(alert).queryByTestId('error-detail')).toBeNull();
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
    expect((within(dialog).getByLabelText(zhTW.support_message) as HTMLTextAreaElement).value).toBe('無法上傳圖片');
  });
});

describe('submitSupportCase', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads an OK answer without a case number as an exception, not a success', async () => {
    const { submitSupportCase } = await import('../../../../web/src/features/support/api/create-support-case');
    stubFetch(() => ({ status: 201, body: {} }));
    const outcome = await submitSupportCase({ user: { email: 'a@b.c' }, vendorId: 'V-1', category: 'ask_question', message: 'Hi' });
    expect(outcome).toMatchObject({ kind: 'error', message: 'The server did not return a case number.' });
  });

  it('skips everything without a vendor id', async () => {
    const { submitSupportCase } = await import('../../../../web/src/features/support/api/create-support-case');
    const calls = stubFetch(() => ({ status: 201, body: { caseId: 'x' } }));
    expect(await submitSupportCase({ user: { email: 'a@b.c' }, vendorId: null, category: 'ask_question', message: 'Hi' })).toEqual({ kind: 'session-expired' });
    expect(calls).toHaveLength(0);
    expect(auth.fetchAuthSession).not.toHaveBeenCalled();
  });
});
