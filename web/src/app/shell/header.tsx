import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Dropdown } from '../../components/dropdown';
import { LANGUAGES, languageButtonLabel, languageNameKey } from '../../i18n/language';
import { displayName } from '../../lib/display-name';
import { draftWaiting, DRAFT_FORMS } from '../../lib/form-draft';
import { useSession } from '../../lib/session';
import { AccountIcon, BellIcon, GearIcon, HelpIcon, MenuIcon } from './icons';
import { homeFor, mayOpen, type PageKey } from '@contracts/team-roles';

const AccountSettingsDialog = lazy(() => import('../../features/settings/account-settings-dialog'));
const ContactSupportDialog = lazy(() => import('../../features/support/contact-support-dialog'));
/**
 * The unread count is a lazy chunk (with its API contract's zod), fetched a second after the header
 * mounts and when the browser is idle, so it never competes with the page's own first render: the
 * header carries only the link. (Inline rather than lib/prefetch.ts: that would be one more chunk on every route.)
 */
const whenIdle = () =>
  new Promise<void>((resolve) => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2_000 }) : resolve()), 1_000));
const UnreadBadge = lazy(() => whenIdle().then(() => import('../../features/notifications/unread-badge')));

/**
 * The signed-in header (spec §2): logo and title linking to /dashboard, language menu (disabled while
 * loading or signed out), help menu (Contact support opens the support dialog), account settings,
 * account menu with display name, vendor ID and Log out. Signed-out visitors (on pages outside the
 * guard) see the title, language and help only. Below it, the page's alert: what a dialog that closed
 * has to tell (the support case number).
 */
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // A support message the session ended on (issue 24, item 11): its dialog opens again, with the message,
  // when the same user is back (the header mounts anew after the sign-in page; lib/form-draft.ts).
  const [supportOpen, setSupportOpen] = useState(() => session.status === 'signed-in' && draftWaiting(session.user?.userId, DRAFT_FORMS.supportCase));
  // The page's alert after a support case was opened; it belongs to the page it was shown on.
  const [submitted, setSubmitted] = useState<{ caseId: string; pathname: string } | null>(null);
  const submittedCaseId = submitted?.pathname === pathname ? submitted.caseId : null;
  // The vendor's header: an admin without a vendor id (on a page outside the console, e.g. not-found) gets the visitor's.
  const signedIn = session.status === 'signed-in' && session.vendorId !== null;
  const may = (area: PageKey) => mayOpen(session.memberRole ?? 'owner', area);
  const home = homeFor(session.memberRole ?? 'owner');
  // The small-screen navigation: open on the page it was opened on, so any navigation closes it.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const navOpen = signedIn && navOpenOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // Escape and a click outside the button and the nav close it (on small screens; wide screens never show the button).
  useEffect(() => {
    if (!navOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setNavOpenOn(null);
      if (nav.current?.contains(document.activeElement)) menuButton.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!nav.current?.contains(target) && !menuButton.current?.contains(target)) setNavOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [navOpen]);

  const logOut = async () => {
    setSettingsOpen(false);
    await session.signOut();
    navigate('/', { replace: true });
  };

  return (
    <>
      <header className="app-header">
        {signedIn && (
          <button
            ref={menuButton}
            type="button"
            className="icon-button nav-menu-button"
            aria-label={t('nav_menu')}
            aria-expanded={navOpen}
            aria-controls="app-nav"
            data-testid="nav-menu-button"
            onClick={() => setNavOpenOn(navOpen ? null : pathname)}
          >
            <MenuIcon open={navOpen} />
          </button>
        )}
        <Link to={home} className="app-brand" aria-label={home === '/dashboard' ? t('go_to_dashboard') : t('go_to_products')}>
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span className="app-brand-title">{t('app_title')}</span>
        </Link>
        {signedIn && (
          // Below the breakpoint (shell.css) the nav is a panel the menu button opens; a chosen link closes it.
          <nav
            ref={nav}
            id="app-nav"
            className="app-nav"
            aria-label={t('main_navigation')}
            data-open={navOpen}
            onClick={(event) => {
              if ((event.target as Element).closest('a')) setNavOpenOn(null);
            }}
          >
            {/* Issue 14: a team member sees the parts of the portal their role opens. */}
            {may('dashboard') && <NavLink to="/dashboard">{t('nav_dashboard')}</NavLink>}
            {may('orders') && <NavLink to="/orders">{t('nav_orders')}</NavLink>}
            {may('products') && <NavLink to="/products">{t('nav_products')}</NavLink>}
            {may('inventory') && <NavLink to="/inventory">{t('nav_inventory')}</NavLink>}
            {may('payouts') && <NavLink to="/payouts">{t('nav_payouts')}</NavLink>}
          </nav>
        )}
        <div className="app-header-actions">
          <Dropdown
            testId="language-button"
            className="language-menu"
            trigger={<span className="language-button-label">{languageButtonLabel(session.language)}</span>}
            // The name starts with the visible text (WCAG 2.5.3): "EN, language".
            label={t('language_menu_label', { code: languageButtonLabel(session.language) })}
            menuLabel={t('language')}
            disabled={session.loading || !signedIn}
            items={LANGUAGES.map((language) => ({
              id: language,
              label: t(languageNameKey(language)),
              lang: language,
              checked: language === session.language,
              testId: `language-option-${language}`,
              onSelect: () => void session.changeLanguage(language),
            }))}
          />
          <Dropdown
            testId="help-button"
            trigger={<HelpIcon />}
            label={t('help_menu_label')}
            items={[
              { id: 'contact-support', label: t('contact_support'), testId: 'contact-support', onSelect: () => setSupportOpen(true) },
              // Issue 13: the vendor's cases and their replies (a signed-in vendor's only).
              ...(signedIn ? [{ id: 'support-cases', label: t('support_cases'), testId: 'support-cases-link', onSelect: () => navigate('/support') }] : []),
            ]}
          />
          {signedIn && (
            <>
              <Link to="/notifications" className="icon-button notifications-link" data-testid="notifications-link">
                <BellIcon />
                <Suspense fallback={<span className="visually-hidden">{t('notifications')}</span>}>
                  <UnreadBadge />
                </Suspense>
              </Link>
              <button type="button" className="icon-button" aria-label={t('account_settings')} data-testid="settings-button" onClick={() => setSettingsOpen(true)}>
                <GearIcon />
              </button>
              <Dropdown
                testId="account-button"
                trigger={<AccountIcon />}
                label={t('account_menu_label')}
                header={
                  <>
                    <p className="account-name" data-testid="account-display-name">
                      {displayName(session.vendorName, session.user?.email)}
                    </p>
                    <p className="account-vendor-id">
                      <span>{t('vendor_id')}</span> <span data-testid="account-vendor-id">{session.vendorId}</span>
                    </p>
                    {session.memberRole && (
                      <p className="account-vendor-id">
                        <span>{t('team_your_role')}</span> <span data-testid="account-role">{t(`team_role_${session.memberRole}`)}</span>
                      </p>
                    )}
                  </>
                }
                items={[
                  ...(may('team') ? [{ id: 'team', label: t('team_nav'), testId: 'team-link', onSelect: () => navigate('/team') }] : []),
                  // Issue 14: who did what in the account (owners).
                  ...(may('activity') ? [{ id: 'activity', label: t('activity_title'), testId: 'activity-link', onSelect: () => navigate('/activity') }] : []),
                  { id: 'log-out', label: t('log_out'), testId: 'logout-button', onSelect: () => void logOut() },
                ]}
              />
            </>
          )}
        </div>
        {settingsOpen && signedIn && (
          <Suspense fallback={null}>
            <AccountSettingsDialog onClose={() => setSettingsOpen(false)} />
          </Suspense>
        )}
        {supportOpen && (
          <Suspense fallback={null}>
            <ContactSupportDialog
              onClose={() => setSupportOpen(false)}
              onSubmitted={(caseId) => {
                setSupportOpen(false);
                setSubmitted({ caseId, pathname });
              }}
            />
          </Suspense>
        )}
      </header>
      {signedIn && session.joined && (
        <div className="page-alert">
          <Alert tone="success" testId="joined-alert" onDismiss={session.dismissJoined} dismissLabel={t('dismiss')}>
            {t('team_joined', { vendorName: session.joined.vendorName, role: t(`team_role_${session.joined.role}`) })}
          </Alert>
        </div>
      )}
      {submittedCaseId && (
        <div className="page-alert">
          <Alert tone="success" testId="page-alert" onDismiss={() => setSubmitted(null)} dismissLabel={t('dismiss')}>
            {t('support_case_submitted', { caseId: submittedCaseId })}
          </Alert>
        </div>
      )}
    </>
  );
}
