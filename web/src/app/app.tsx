import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { FullScreenLock } from '../components/full-screen-lock';
import { useSession } from '../lib/session';
import { afterFirstPaint } from '../lib/after-paint';
import { AdminGuard, RouteGuard } from './route-guard';
import { appRoutes, NotFoundPage, preloadRoutePage, routeAccess, RoutePage } from './routes';

type HeaderLayoutComponent = ComponentType<{ children?: ReactNode }>;
let headerLayoutModule: Promise<{ default: HeaderLayoutComponent }> | undefined;
let LoadedHeaderLayout: HeaderLayoutComponent | undefined;
// Requested after the first paint ("Checking authentication..." or nothing), which it is not needed for.
const loadHeaderLayout = () =>
  (headerLayoutModule ??= afterFirstPaint()
    .then(() => import('./shell/header-layout'))
    .then((module) => {
      LoadedHeaderLayout = module.default;
      return module;
    }));

/**
 * The header layout once its chunk is here, and `LayoutFallback` until then. Not a lazy component in
 * a Suspense boundary: React holds back revealing suspended content for up to 300 ms after a fallback
 * showed, which delayed the signed-in page's first paint by that much after its code and `/api/me`
 * had both arrived.
 */
function HeaderLayout({ children }: { children?: ReactNode }) {
  const [Layout, setLayout] = useState(() => LoadedHeaderLayout);
  useEffect(() => {
    if (Layout) return;
    let active = true;
    loadHeaderLayout().then(
      (module) => {
        if (active) setLayout(() => module.default);
      },
      (err: unknown) => {
        // As a failed lazy chunk would: to the nearest error boundary (none: the page stays blank).
        if (active)
          setLayout(() => () => {
            throw err;
          });
      },
    );
    return () => {
      active = false;
    };
  }, [Layout]);
  return Layout ? <Layout>{children}</Layout> : <LayoutFallback />;
}

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
 * Route objects made once, when the module loads: `<Routes>` with JSX children turned the ~40
 * `<Route>` elements into route objects again on every render of the app (~8 ms a render in the
 * Lighthouse traces, several renders while a session is restored).
 */
const routeTree: RouteObject[] = [
  ...appRoutes
    .filter((r) => !r.header)
    .map(({ path, page }) => ({
      path,
      element: (
        <Suspense fallback={null}>
          <RoutePage key={path} page={page} />
        </Suspense>
      ),
    })),
  ...appRoutes
    .filter((r) => r.access === 'admin')
    .map(({ path, page }) => ({
      path,
      element: (
        <AdminGuard
          otherwise={
            <HeaderLayout>
              <RoutePage key="not-found" page={NotFoundPage} />
            </HeaderLayout>
          }
        >
          <Suspense fallback={null}>
            <RoutePage key={path} page={page} />
          </Suspense>
        </AdminGuard>
      ),
    })),
  {
    element: <HeaderLayout />,
    children: appRoutes
      .filter((r) => r.header && r.access !== 'admin')
      .map(({ path, access, area, page }) => ({
        path,
        element:
          access === 'vendor' ? (
            <RouteGuard area={area}>
              <RoutePage key={path} page={page} />
            </RouteGuard>
          ) : (
            <RoutePage key={path} page={page} />
          ),
      })),
  },
];

export function App() {
  const { loading } = useSession();
  const { pathname } = useLocation();
  // While a stored session is checked, the opened page's code downloads alongside (after the first paint).
  const [restoringAt] = useState(() => (loading ? pathname : null));
  useEffect(() => {
    if (restoringAt) void afterFirstPaint().then(() => preloadRoutePage(restoringAt));
  }, [restoringAt]);
  return useRoutes(routeTree);
}
