import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../../web/src/app/app';
import { i18n } from '../../web/src/i18n/i18n';
import { resetAuthForTests } from '../../web/src/lib/auth-client';
import { resetConfigForTests } from '../../web/src/lib/config';
import { SessionProvider } from '../../web/src/lib/session';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders the whole app (providers, router, session) at a path, as main.tsx does. */
export function renderApp(path = '/') {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>
          <App />
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** Fresh module state between tests: no cached config or Amplify, English. */
export async function resetAppState() {
  resetConfigForTests();
  resetAuthForTests();
  await i18n.changeLanguage('en');
}
