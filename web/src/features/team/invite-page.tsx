import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FullScreenLock } from '../../components/full-screen-lock';
import { homeFor } from '@contracts/team-roles';
import { useErrorText } from '../../lib/error-message';
import { forgetInvitation, isInvitationToken, rememberInvitation } from '../../lib/invitation';
import { useSession } from '../../lib/session';
import { createQueryClient } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthLayout, FormAlert } from '../../components/auth-layout';
import { useAcceptInvitation, useInvitation } from './api/invitation';

/**
 * '/invite?token=…&shop=…' (issue 14), where the invitation e-mail leads. Signed out: sign in or
 * create an account with the invited address — the invitation is kept for this tab, and the sign-in
 * that follows accepts it (lib/session-state.ts). Signed in: what the invitation is, and Accept.
 */
export default function InvitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const shop = (params.get('shop') ?? '').slice(0, 200);
  const valid = isInvitationToken(token);
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  usePageTitle(t('invite_title'));

  useEffect(() => {
    if (valid) rememberInvitation({ token, shop });
  }, [valid, token, shop]);

  if (session.loading) return <FullScreenLock message={t('checking_authentication')} />;
  if (!valid) {
    return (
      <AuthLayout title={t('invite_title')}>
        <FormAlert>{t('error_reason_invitation_invalid')}</FormAlert>
        <Link className="auth-button-link" to="/">
          {t('go_to_sign_in')}
        </Link>
      </AuthLayout>
    );
  }
  if (!signedIn) {
    return (
      <AuthLayout title={shop ? t('invite_title_shop', { shop }) : t('invite_title')} intro={t('invite_signed_out_intro')}>
        <p className="auth-text">{t('invite_signed_out_body')}</p>
        <Link className="auth-button-link" to="/" data-testid="invite-sign-in">
          {t('invite_sign_in')}
        </Link>
        <p className="auth-text">
          {t('invite_no_account')} <Link to="/signup" data-testid="invite-sign-up">{t('invite_create_account')}</Link>
        </p>
      </AuthLayout>
    );
  }
  return <SignedIn token={token} />;
}

/** /invite has no header, so no shell's QueryClient: the signed-in invitation brings its own (as the ops console does). */
function SignedIn({ token }: { token: string }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInInvitation token={token} />
    </QueryClientProvider>
  );
}

function SignedInInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const describeError = useErrorText();
  const [joined, setJoined] = useState(false);
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: async (answer) => {
        forgetInvitation();
        setJoined(true);
        await session.refresh();
        navigate(homeFor(answer.role), { replace: true });
      },
    });
  const failure = invitation.error ?? accept.error;
  const failureText = failure ? describeError(failure) : null;
  const data = invitation.data;
  return (
    <AuthLayout title={data ? t('invite_title_shop', { shop: data.vendorName }) : t('invite_title')}>
      {invitation.isPending && <p className="auth-text" role="status">{t('invite_loading')}</p>}
      {failureText && <FormAlert detail={failureText.detail}>{failureText.message}</FormAlert>}
      {data && !joined && (
        <>
          <p className="auth-text" data-testid="invite-summary">
            {t('notifications.team_invitation.body', { invitedBy: data.invitedBy, businessName: data.vendorName, role: t(`team_role_${data.role}`) })}
          </p>
          <p className="auth-text muted">{t(`team_role_${data.role}_desc`)}</p>
          <button type="button" className="auth-button" disabled={accept.isPending} onClick={onAccept} data-testid="invite-accept">
            {accept.isPending ? t('invite_accepting') : t('invite_accept')}
          </button>
        </>
      )}
      <p className="auth-text">
        <Link to="/">{t('invite_not_now')}</Link>
      </p>
    </AuthLayout>
  );
}
