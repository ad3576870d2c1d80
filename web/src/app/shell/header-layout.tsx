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
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Header } from './header';

/**
 * The layout of every route that shows the header. A lazy chunk of its own, with the Amplify UI theme
 * and component styles, so the login page (no header) never downloads them.
 */
export default function HeaderLayout() {
  const { t } = useTranslation();
  return (
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
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
