import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app/app';
import { i18n, startLanguage } from './i18n/i18n';
import { loadConfig } from './lib/config';
import { SessionProvider } from './lib/session';

// Start fetching /config.json at once; sign-in and restore need it, the login page's first paint does not.
loadConfig().catch(() => undefined);

// A data router (for useBlocker: the item form holds the Back button over unsaved changes) around the
// app's own route tree (app/routes.tsx), which stays declared with <Routes>.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <SessionProvider>
        <App />
      </SessionProvider>
    ),
  },
]);

// The device's or the browser's language first (at once for English; zh-TW after its small chunk).
void startLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  ),
);
