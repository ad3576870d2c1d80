import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, CONFIG, configure } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/** /config.json as `config` (or a failure); nothing else is asked for. */
function serveConfig(config: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return config();
  });
  return calls;
}

describe('/contact: vendor support for visitors who cannot sign in (issue 10)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("offers vendor support's address from /config.json as a mailto link, in zh-TW too, without Amplify", async () => {
    const calls = serveConfig(() => new Response(JSON.stringify(CONFIG)));
    await switchLanguage('zh-TW');
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: zhTW.contact_title })).toBeTruthy();
    const mail = await screen.findByTestId('support-email-link');
    expect(mail.textContent).toBe(CONFIG.supportEmail);
    const href = new URL(mail.getAttribute('href')!);
    expect(href.searchParams.get('subject')).toBe(zhTW.contact_mail_subject);
    expect(screen.getByText(zhTW.contact_include)).toBeTruthy();
    expect(screen.getByRole('link', { name: zhTW.back_to_sign_in }).getAttribute('href')).toBe('/');
    expect(calls).toEqual(['/config.json']);
    expect(configure).not.toHaveBeenCalled();
  });

  it('says when the address cannot be loaded, and tries again', async () => {
    let ok = false;
    serveConfig(() => (ok ? new Response(JSON.stringify(CONFIG)) : new Response('', { status: 503 })));
    renderApp('/contact');
    expect((await screen.findByRole('alert')).textContent).toBe(en.contact_unavailable);
    ok = true;
    await userEvent.setup().click(screen.getByRole('button', { name: en.try_again }));
    expect((await screen.findByTestId('support-email-link')).textContent).toBe(CONFIG.supportEmail);
  });

  it('a portal without a support address says whom to ask instead', async () => {
    const { supportEmail: _none, ...config } = CONFIG;
    serveConfig(() => new Response(JSON.stringify(config)));
    renderApp('/contact');
    expect((await screen.findByRole('alert')).textContent).toBe(en.contact_not_configured);
    expect(screen.queryByTestId('support-email-link')).toBeNull();
  });
});
