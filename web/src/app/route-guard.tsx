import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FullScreenLock } from '../components/full-screen-lock';
import { useSession } from '../lib/session';

/** How long 'Redirecting to login...' stays up before the visitor is sent to '/', so it can be read. */
export const REDIRECT_DELAY_MS = 500;

/**
 * The guard of /dashboard, /orders and /payouts (spec §2): a full-screen lock while the session is
 * loading; with no user or no vendor id, 'Redirecting to login...' and then '/'; else the page.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { loading, user, vendorId } = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const denied = !loading && (!user || !vendorId);

  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);

  if (loading) return <FullScreenLock message={t('checking_authentication')} />;
  if (denied) return <FullScreenLock message={t('redirecting_to_login')} />;
  return children;
}
