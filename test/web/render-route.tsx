import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18n } from '../../web/src/i18n/i18n';
import { createQueryClient } from '../../web/src/lib/query-client';
import { SessionProvider, useSession } from '../../web/src/lib/session';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** What the route guard lets through (app/route-guard.tsx): the page once the session is restored and signed in. */
function SignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  return session.status === 'signed-in' && session.vendorId ? children : null;
}

/** The signed-in shell's QueryClient (app/shell/header-layout.tsx), one per render: nothing leaks between tests. */
function Queries({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Renders the screens of one feature at `path`, as the app's route table would (`routes`: each path
 * pattern and its page component, imported by the test), inside the providers the app gives them
 * (i18n, router, the restored session, a fresh QueryClient) but without the header layout, the route
 * table's lazy chunks or the other pages: a test about one screen pays only for that screen. Amplify
 * must be mocked and a stored session set up by the caller, as for renderApp (test/web/render-app.tsx);
 * fetch is stubbed by the caller too (amplify-mock.ts, sales-fixtures.ts).
 */
export function renderRoute(path: string, routes: Record<string, () => ReactNode>) {
  window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', path);
  return render(
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <SessionProvider>
          <SignedIn>
            <Queries>
              <Suspense fallback={null}>
                <Routes>
                  {Object.entries(routes).map(([pattern, page]) => (
                    <Route key={pattern} path={pattern} element={page()} />
                  ))}
                </Routes>
              </Suspense>
            </Queries>
          </SignedIn>
          <LocationProbe />
        </SessionProvider>
      </BrowserRouter>
    </I18nextProvider>,
  );
}
