import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { FullScreenLock } from '../components/full-screen-lock';
import { ADMIN_HOME, useSession } from '../lib/session';

/** How long 'Redirecting to login...' stays up before the visitor is sent to '/', so it can be read. */
export const REDIRECT_DELAY_MS = 500;

/**
 * The guard of the vendor pages (spec §2; `access: 'vendor'` in routes.tsx): a full-screen lock while
 * the session is loading; with no user or no vendor id, 'Redirecting to login...' and then '/'; else
 * the page. An admin without a vendor id is sent to the ops console instead (docs/decisions.md).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { loading, user, vendorId, roles } = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toConsole = !loading && Boolean(user) && !vendorId && roles.includes('admin');
  const denied = !loading && !toConsole && (!user || !vendorId);

  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);

  if (loading) return <FullScreenLock message={t('checking_authentication')} />;
  if (toConsole) return <Navigate to={ADMIN_HOME} replace />;
  if (denied) return <FullScreenLock message={t('redirecting_to_login')} />;
  return children;
}

/**
 * The guard of the ops console (`access: 'admin'`, issue 11): a full-screen lock while the session is
 * loading; then the console for the group `admins`, and for everyone else, signed in or not, what
 * the spec gives the /admin prefix (`otherwise`: the header and the not-found page), so the area
 * reveals nothing to them.
 */
export function AdminGuard({ children, otherwise }: { children: ReactNode; otherwise: ReactNode }) {
  const { loading, roles } = useSession();
  const { t } = useTranslation();
  if (loading) return <FullScreenLock message={t('checking_authentication')} />;
  return roles.includes('admin') ? children : otherwise;
}
