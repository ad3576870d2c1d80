import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { App } from '../../web/src/app/app';
import { i18n } from '../../web/src/i18n/i18n';
import { resetAuthForTests } from '../../web/src/lib/auth-client';
import { resetConfigForTests } from '../../web/src/lib/config';
import { installHistoryGate } from '../../web/src/lib/history-gate';
import { SessionProvider } from '../../web/src/lib/session';
import { meBody, storeAmplifySession, stubFetch, type Handler } from './amplify-mock';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders the whole app (providers, router, session) at a path, as main.tsx does. The QueryClient is
 * made by the header layout when it mounts (web/src/lib/query-client.ts), so every render starts with an
 * empty cache: nothing leaks from one test to the next.
 */
export function renderApp(path = '/') {
  // jsdom's own history, as main.tsx uses the browser's: the history gate (Back over unsaved changes) listens to its popstate.
  installHistoryGate();
  window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', path);
  return render(
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <SessionProvider>
          <App />
          <LocationProbe />
        </SessionProvider>
      </BrowserRouter>
    </I18nextProvider>,
  );
}

/** The browser's Back button (a history step) in the app rendered last: resolves after its popstate. */
export async function goBack(): Promise<void> {
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true, capture: true }));
    window.history.back();
    await popped;
  });
}

/** Fresh module state between tests: no cached config or Amplify, English. */
export async function resetAppState() {
  resetConfigForTests();
  resetAuthForTests();
  await i18n.changeLanguage('en');
}

/**
 * A restored session of the approved demo vendor at `path` (default /dashboard), with /api/* answered
 * by `api` (default: GET /api/me → `me`, PATCH echoes the body). Amplify must be mocked by the caller
 * (see amplify-mock.ts) and `signedInUser()` set up.
 */
export async function renderSignedIn(options: { path?: string; me?: Record<string, unknown>; api?: Handler } = {}) {
  const me = options.me ?? meBody();
  storeAmplifySession();
  const calls = stubFetch(options.api ?? ((call) => (call.method === 'PATCH' ? { status: 200, body: { ...me, ...(call.body as object) } } : { status: 200, body: me })));
  renderApp(options.path ?? '/dashboard');
  // The first render of a file loads the lazy layout and page chunks: give it time on a busy machine.
  await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}
