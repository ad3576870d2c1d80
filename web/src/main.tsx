import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { i18n } from './i18n/i18n';
import { loadConfig } from './lib/config';
import { SessionProvider } from './lib/session';

// Start fetching /config.json at once; sign-in and restore need it, the login page's first paint does not.
loadConfig().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <SessionProvider>
          <App />
        </SessionProvider>
      </BrowserRouter>
    </I18nextProvider>
  </StrictMode>,
);
