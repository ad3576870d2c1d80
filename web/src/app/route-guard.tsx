import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { homeFor, mayOpen, type MemberRole, type PageKey } from '@contracts/team-roles';
import { usePageTitle } from '../lib/use-page-title';
import { FullScreenLock } from '../components/full-screen-lock';
import { ADMIN_HOME, useSession } from '../lib/session';

/** How long 'Redirecting to login...' stays up before the visitor is sent to '/', so it can be read. */
export const REDIRECT_DELAY_MS = 500;

/**
 * The guard of the vendor pages (spec §2; `access: 'vendor'` in routes.tsx): a full-screen lock while
 * the session is loading; with no user or no vendor id, 'Redirecting to login...' and then '/'; else
 * the page. An admin without a vendor id is sent to the ops console instead (docs/decisions.md).
 */
export function RouteGuard({ children, area }: { children: ReactNode; area?: PageKey }) {
  const { loading, user, vendorId, roles, memberRole } = useSession();
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
  // Issue 14: a team member whose role does not open this part of the portal (a typed or old URL).
  if (area && !mayOpen(memberRole ?? 'owner', area)) return <NotAllowed role={memberRole ?? 'owner'} />;
  return children;
}

/** What a team member sees on a page their role does not open: a clear "not allowed", and where to go instead. */
function NotAllowed({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  usePageTitle(t('not_allowed_title'));
  return (
    <section className="page" data-testid="not-allowed">
      <h1>{t('not_allowed_title')}</h1>
      <p role="alert">{t('not_allowed_body', { role: t(`team_role_${role}`) })}</p>
      <p>
        <Link to={homeFor(role)}>{t('not_allowed_home')}</Link>
      </p>
    </section>
  );
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
