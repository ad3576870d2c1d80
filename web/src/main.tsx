import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { i18n, startLanguage } from './i18n/i18n';
import { loadConfig } from './lib/config';
import { installHistoryGate } from './lib/history-gate';
import { SessionProvider } from './lib/session';

// Start fetching /config.json at once; sign-in and restore need it, the login page's first paint does not.
loadConfig().catch(() => undefined);

// A plain <BrowserRouter>: the item form holds the Back button over unsaved changes with the history
// gate (lib/history-gate.ts), installed first so that its popstate listener runs before the router's.
installHistoryGate();

// The device's or the browser's language first (at once for English; zh-TW after its small chunk).
void startLanguage().then(() =>
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
  ),
);
