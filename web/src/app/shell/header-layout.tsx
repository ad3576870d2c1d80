import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/button.css';
import '@aws-amplify/ui-react/styles/card.css';
import '@aws-amplify/ui-react/styles/field.css';
import '@aws-amplify/ui-react/styles/flex.css';
import '@aws-amplify/ui-react/styles/heading.css';
import '@aws-amplify/ui-react/styles/input.css';
import '@aws-amplify/ui-react/styles/loader.css';
import '@aws-amplify/ui-react/styles/select.css';
import '@aws-amplify/ui-react/styles/selectField.css';
import '@aws-amplify/ui-react/styles/text.css';
import '@aws-amplify/ui-react/styles/textField.css';
import '@aws-amplify/ui-react/styles/visuallyHidden.css';
import './shell.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from '../../lib/query-client';
import { Header } from './header';

/**
 * The layout of every route that shows the header. A lazy chunk of its own, with the Amplify UI theme
 * and component styles, so the login page (no header) never downloads them. It also holds the app's
 * QueryClient (lib/query-client.ts): TanStack Query comes with the signed-in shell, not with the login
 * page, and one made per mount means a sign-out (which leaves the shell for /) forgets every answer.
 * Its page is the route's (the outlet), or `children` where a route renders the layout itself (/admin
 * to anyone not in `admins`).
 */
export default function HeaderLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          {t('skip_to_content')}
        </a>
        <Header />
        <main id="main" className="app-main" tabIndex={-1}>
          <Suspense
            fallback={
              <p className="page-loading" role="status">
                {t('loading')}
              </p>
            }
          >
            {children ?? <Outlet />}
          </Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}
