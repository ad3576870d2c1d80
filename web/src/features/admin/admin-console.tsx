import './admin.css';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink, Route, Routes, useNavigate } from 'react-router-dom';
import { LANGUAGES, languageNameKey } from '../../i18n/language';
import { createQueryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { twoStepEnabled } from '../../lib/two-step';
import { useAdminTranslation } from './admin-i18n';
import { adminKeys } from './api/keys';
import { ADMIN_SECTIONS } from './sections';

const OverviewPage = lazy(() => import('./overview-page'));
const AuditPage = lazy(() => import('./audit/audit-page'));
const SupportSection = lazy(() => import('./support/support-section'));
const ApplicationsScreen = lazy(() => import('./applications/applications-screen'));
const VendorsScreen = lazy(() => import('./vendors/vendors-screen'));
const AdminPayoutsPage = lazy(() => import('./payouts/payouts-page'));
const ReviewsSection = lazy(() => import('./reviews/reviews-section'));
const TwoStepDialog = lazy(() => import('../../components/two-step/two-step-dialog'));

/** A path under /admin the console does not have. */
function ConsoleNotFound() {
  const { t } = useAdminTranslation();
  usePageTitle(t('not_found_title'));
  return (
    <section className="admin-page">
      <h1>{t('not_found_title')}</h1>
      <p>{t('not_found_body')}</p>
      <p>
        <Link to="/admin">{t('admin_back_to_overview')}</Link>
      </p>
    </section>
  );
}

/**
 * The ops console's header (issue 13): the console's name linking to its overview, the other language
 * (kept in this browser: an admin without a vendor record has no profile to save it to) and Log out.
 * Not the vendor navigation, help or account menus.
 */
function AdminHeader() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const other = LANGUAGES.find((language) => language !== session.language) ?? LANGUAGES[0];
  const logOut = async () => {
    await session.signOut();
    navigate('/', { replace: true });
  };
  return (
    <header className="admin-header">
      <Link to="/admin" className="admin-brand" aria-label={t('admin_home_label')}>
        <img src="/logo.svg" alt="" width="28" height="28" />
        <span className="admin-brand-title" data-testid="admin-console-title">
          {t('admin_console_title')}
        </span>
      </Link>
      <div className="admin-header-actions">
        <span className="admin-user" data-testid="admin-user">
          {session.user?.email}
        </span>
        <button type="button" className="admin-button" lang={other} data-testid="admin-language-button" onClick={() => void session.changeLanguage(other)}>
          {t(languageNameKey(other))}
        </button>
        <button type="button" className="admin-button" data-testid="admin-logout-button" onClick={() => void logOut()}>
          {t('log_out')}
        </button>
      </div>
    </header>
  );
}

/** The console's sections (sections.ts): a row of links that wraps on a phone. */
function AdminNav() {
  const { t } = useAdminTranslation();
  return (
    <nav className="admin-nav" aria-label={t('admin_console_navigation')}>
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.key}>
            <NavLink to={section.path} end={section.key === 'overview'} data-testid={`admin-nav-${section.key}`}>
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Issue 14: two-step verification is required for admins. The server refuses an admin without it
 * (403 `admin_mfa_required` on every console route, lambdas/shared/step-up.ts); the console asks
 * Cognito (Amplify fetchMFAPreference) and shows the set-up instead of the sections until it is on.
 * When Cognito cannot be asked, the sections show (the server still decides).
 */
function TwoStepGate({ children }: { children: ReactNode }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  const twoStep = useQuery({ queryKey: adminKeys.twoStep, queryFn: twoStepEnabled, staleTime: Infinity, retry: false });
  if (twoStep.isPending) {
    return (
      <p className="admin-loading" role="status">
        {t('admin_two_step_checking')}
      </p>
    );
  }
  if (twoStep.data !== false) return children;
  return (
    <main id="main" className="admin-main" tabIndex={-1}>
      <section className="admin-page admin-card" data-testid="admin-two-step-required">
        <h1>{t('admin_two_step_title')}</h1>
        <p>{t('admin_two_step_body')}</p>
        <div className="admin-actions">
          <button type="button" className="admin-action admin-action-primary" onClick={() => setSettingUp(true)} data-testid="admin-two-step-set-up">
            {t('admin_two_step_set_up')}
          </button>
        </div>
      </section>
      {settingUp && (
        <Suspense fallback={null}>
          <TwoStepDialog mode="set-up" onClose={() => setSettingUp(false)} onChanged={(on) => { setSettingUp(false); queryClient.setQueryData(adminKeys.twoStep, on); }} />
        </Suspense>
      )}
    </main>
  );
}

/**
 * /admin/*: the ops console (issue 13), a lazy chunk of its own that only admins download (the
 * route's AdminGuard decides before it loads). Its own layout and QueryClient, apart from the vendor
 * shell, so a vendor's pages carry none of it.
 */
export default function AdminConsole() {
  const { t } = useAdminTranslation();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="admin-shell">
        <a className="admin-skip-link" href="#main">
          {t('skip_to_content')}
        </a>
        <AdminHeader />
        <TwoStepGate>
          <AdminNav />
          <main id="main" className="admin-main" tabIndex={-1}>
            <Suspense
              fallback={
                <p className="admin-loading" role="status">
                  {t('loading')}
                </p>
              }
            >
              <Routes>
                <Route index element={<OverviewPage />} />
                <Route path="audit" element={<AuditPage />} />
                <Route path="support/*" element={<SupportSection />} />
                <Route path="applications/*" element={<ApplicationsScreen />} />
                <Route path="vendors/*" element={<VendorsScreen />} />
                <Route path="payouts/*" element={<AdminPayoutsPage />} />
                <Route path="reviews/*" element={<ReviewsSection />} />
                <Route path="*" element={<ConsoleNotFound />} />
              </Routes>
            </Suspense>
          </main>
        </TwoStepGate>
      </div>
    </QueryClientProvider>
  );
}
