import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router-dom';
import { FullScreenLock } from '../components/full-screen-lock';
import { useSession } from '../lib/session';
import { afterFirstPaint } from '../lib/after-paint';
import { AdminGuard, RouteGuard } from './route-guard';
import { appRoutes, NotFoundPage, preloadRoutePage, routeAccess } from './routes';

// Requested after the first paint ("Checking authentication..." or nothing), which it is not needed for.
const HeaderLayout = lazy(() => afterFirstPaint().then(() => import('./shell/header-layout')));

/**
 * While the header layout chunk loads: on a guarded route whose session is still being restored, the
 * guard's lock at once (so 'Checking authentication...' shows from the first frame); otherwise nothing.
 */
function LayoutFallback() {
  const { t } = useTranslation();
  const { loading } = useSession();
  const { pathname } = useLocation();
  return loading && routeAccess(pathname).access !== 'public' ? <FullScreenLock message={t('checking_authentication')} /> : null;
}

/**
 * The route tree: header-less pages stand alone; the others share the lazily loaded header layout.
 * The ops console (`access: 'admin'`) brings its own header, so it stands outside that layout; to
 * anyone not in `admins` its paths show the header layout with the not-found page (spec §2).
 */
export function App() {
  const { loading } = useSession();
  const { pathname } = useLocation();
  // While a stored session is checked, the opened page's code downloads alongside (after the first paint).
  const [restoringAt] = useState(() => (loading ? pathname : null));
  useEffect(() => {
    if (restoringAt) void afterFirstPaint().then(() => preloadRoutePage(restoringAt));
  }, [restoringAt]);
  return (
    <Routes>
      {appRoutes
        .filter((r) => !r.header)
        .map(({ path, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={null}>
                <Page />
              </Suspense>
            }
          />
        ))}
      {appRoutes
        .filter((r) => r.access === 'admin')
        .map(({ path, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <AdminGuard
                otherwise={
                  <Suspense fallback={<LayoutFallback />}>
                    <HeaderLayout>
                      <NotFoundPage />
                    </HeaderLayout>
                  </Suspense>
                }
              >
                <Suspense fallback={null}>
                  <Page />
                </Suspense>
              </AdminGuard>
            }
          />
        ))}
      <Route
        element={
          <Suspense fallback={<LayoutFallback />}>
            <HeaderLayout />
          </Suspense>
        }
      >
        {appRoutes
          .filter((r) => r.header && r.access !== 'admin')
          .map(({ path, access, area, page: Page }) => (
            <Route key={path} path={path} element={access === 'vendor' ? <RouteGuard area={area}>{<Page />}</RouteGuard> : <Page />} />
          ))}
      </Route>
    </Routes>
  );
}
