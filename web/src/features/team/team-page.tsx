import '../../components/empty-state.css';
import './team.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { isEmail, normalizeEmail } from '../../../../contracts/email';
import { MEMBER_ROLES, TEAM_MAX_MEMBERS } from '../../../../contracts/team-roles';
import { ApiError } from '../../lib/api';
import { useErrorText, useLoadErrorProps } from '../../lib/error-message';
import { formatInstant } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { queryKeys } from '../../lib/query-client';
import { toResource } from '../../lib/use-resource';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../../lib/session';
import { useStepUp } from '../auth/use-step-up';
import { twoStepEnabled } from '../settings/two-step';
import { changeMemberRole, getTeam, inviteMember, removeMember, type MemberRole, type MemberView } from './team-api';

type Outcome = { tone: 'success' | 'error'; text: string; detail?: string | null };

const TwoStepDialog = lazy(() => import('../settings/two-step-dialog'));

/**
 * The owner's team page (issue 14, `/team`): the account holder and every member with role and
 * status, open invitations with when they lapse; invite by e-mail with a role, change a role, remove
 * a member (their sessions end at once) or withdraw an invitation. Cards at every width.
 */
export default function TeamPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  const session = useSession();
  const loadError = useLoadErrorProps();
  const describeError = useErrorText();
  const queryClient = useQueryClient();
  usePageTitle(t('team_title'));
  const resource = toResource(useQuery({ queryKey: queryKeys.team, queryFn: ({ signal }) => getTeam(signal) }));
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  // Team changes need two-step verification and a recent sign-in with it (issue 14): confirmed in place.
  const stepUp = useStepUp();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.team });
  const failed = (key: string) => (err: unknown) => {
    const { message, detail } = describeError(err);
    setOutcome({ tone: 'error', text: t(key, { message }), detail });
    // A member changed meanwhile: show the team as it is now.
    if (err instanceof ApiError && err.status === 409) refresh();
  };

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: MemberView; role: MemberRole }) => stepUp.run(() => changeMemberRole(member, role)),
    onMutate: () => setOutcome(null),
    onSuccess: (member) => {
      if (!member) return refresh();
      setOutcome({ tone: 'success', text: t('team_role_changed', { email: member.email, role: t(`team_role_${member.role}`) }) });
      refresh();
    },
    onError: failed('team_change_failed'),
  });
  const remove = useMutation({
    mutationFn: async (member: MemberView) => (await stepUp.run(async () => (await removeMember(member.memberId), true))) ?? false,
    onMutate: () => setOutcome(null),
    onSuccess: (removed, member) => {
      setRemoving(null);
      if (!removed) return;
      setOutcome({ tone: 'success', text: t(member.status === 'invited' ? 'team_invitation_withdrawn' : 'team_member_removed', { email: member.email }) });
      refresh();
    },
    onError: (err) => {
      setRemoving(null);
      failed('team_change_failed')(err);
    },
  });

  const members = data?.members ?? [];
  const others = members.filter((m) => !m.accountHolder).length;
  return (
    <section className="page team-page" aria-labelledby="team-heading">
      <h1 className="amplify-heading amplify-heading--1" id="team-heading">
        {t('team_title')}
      </h1>
      <p className="muted">{t('team_intro')}</p>
      <ul className="team-roles muted">
        {MEMBER_ROLES.map((role) => (
          <li key={role}>
            <strong>{t(`team_role_${role}`)}</strong>: {t(`team_role_${role}_desc`)}
          </li>
        ))}
      </ul>
      {outcome && (
        <Alert tone={outcome.tone} testId="team-outcome" detail={outcome.detail} onDismiss={() => setOutcome(null)} dismissLabel={t('dismiss')}>
          {outcome.text}
        </Alert>
      )}
      {stepUp.element}
      <InviteForm
        run={stepUp.run}
        disabled={others >= (data?.maxMembers ?? TEAM_MAX_MEMBERS)}
        onInvited={(member) => {
          setOutcome({ tone: 'success', text: t('team_invited', { email: member.email, role: t(`team_role_${member.role}`) }) });
          refresh();
        }}
        onFailed={failed('team_invite_failed')}
        onStart={() => setOutcome(null)}
      />
      <h2 className="amplify-heading amplify-heading--3">{t('team_members_heading')}</h2>
      <LoadStatus
        state={resource.status === 'loaded' ? 'idle' : resource.status}
        loadingText={t('team_loading')}
        {...loadError(resource, 'team_load_failed')}
        retryLabel={t('try_again')}
        onRetry={resource.retry}
        testId="team-status"
      />
      {members.length > 0 && (
        <ul className="team-list" data-testid="team-list">
          {members.map((m) => (
            <li key={m.memberId} className="team-card" data-status={m.status} data-testid="team-member">
              <p className="team-email" data-testid="team-member-email">
                {m.email}
              </p>
              <p className="team-meta">
                <span className="team-status" data-status={m.status}>
                  {m.accountHolder ? t('team_account_holder') : m.status === 'invited' ? t('team_status_invited') : t('team_status_active')}
                </span>
                {m.status === 'invited' && m.expiresAt && <span className="muted">{t('team_invitation_expires', { time: formatInstant(m.expiresAt, language, timeZone) })}</span>}
                {m.status === 'active' && !m.accountHolder && m.joinedAt && <span className="muted">{t('team_joined_at', { time: formatInstant(m.joinedAt, language, timeZone) })}</span>}
              </p>
              <div className="team-actions">
                {m.accountHolder ? (
                  <span data-testid="team-member-role">{t('team_role_owner')}</span>
                ) : (
                  <>
                    <label className="team-role-field">
                      <span className="visually-hidden">{t('team_role_for', { email: m.email })}</span>
                      <select
                        value={m.role}
                        disabled={changeRole.isPending}
                        onChange={(e) => changeRole.mutate({ member: m, role: e.target.value as MemberRole })}
                        data-testid="team-member-role-select"
                      >
                        {MEMBER_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(`team_role_${role}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="button" className="amplify-button amplify-button--small team-remove" onClick={() => setRemoving(m)} data-testid="team-member-remove">
                      {m.status === 'invited' ? t('team_withdraw') : t('team_remove')}
                    </button>
                  </>
                )}
              </div>
              {m.accountHolder && m.email === session.user?.email && <p className="muted team-note">{t('team_account_holder_note')}</p>}
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <Dialog
          title={removing.status === 'invited' ? t('team_withdraw_title') : t('team_remove_title')}
          onClose={() => setRemoving(null)}
          testId="team-remove-dialog"
          footer={
            <>
              <button type="button" className="amplify-button" onClick={() => setRemoving(null)}>
                {t('cancel')}
              </button>
              <button
                type="button"
                className="amplify-button amplify-button--primary amplify-button--destructive"
                disabled={remove.isPending}
                onClick={() => remove.mutate(removing)}
                data-testid="team-remove-confirm"
              >
                {remove.isPending ? t('team_removing') : removing.status === 'invited' ? t('team_withdraw') : t('team_remove')}
              </button>
            </>
          }
        >
          <p>{removing.status === 'invited' ? t('team_withdraw_body', { email: removing.email }) : t('team_remove_body', { email: removing.email })}</p>
        </Dialog>
      )}
    </section>
  );
}

/**
 * Said before the owner fills the form (issue 24, item 18): inviting and changing members needs
 * two-step verification (the server answers 403 `mfa_required` otherwise), and an owner without it
 * sets it up from here rather than discovering it on sending.
 */
function TwoStepNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const twoStep = useQuery({ queryKey: queryKeys.twoStep, queryFn: twoStepEnabled });
  const [settingUp, setSettingUp] = useState(false);
  const off = twoStep.data === false;
  return (
    <div className="team-two-step" data-testid="team-two-step-required">
      <p className="muted">
        {t('team_two_step_required')} {twoStep.data === true && t('team_two_step_on')}
        {off && t('team_two_step_off')}
      </p>
      {off && (
        <button type="button" className="amplify-button amplify-button--small" onClick={() => setSettingUp(true)} data-testid="team-two-step-set-up">
          {t('two_step_set_up_label')}
        </button>
      )}
      {settingUp && (
        <Suspense fallback={null}>
          <TwoStepDialog
            mode="set-up"
            onClose={() => setSettingUp(false)}
            onChanged={() => {
              setSettingUp(false);
              void queryClient.invalidateQueries({ queryKey: queryKeys.twoStep });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function InviteForm({
  run,
  disabled,
  onInvited,
  onFailed,
  onStart,
}: {
  run: ReturnType<typeof useStepUp>['run'];
  disabled: boolean;
  onInvited(m: MemberView): void;
  onFailed(err: unknown): void;
  onStart(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('inventory');
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () => run(() => inviteMember(normalizeEmail(email), role)),
    onMutate: onStart,
    onSuccess: (member) => {
      if (!member) return;
      setEmail('');
      onInvited(member);
    },
    onError: onFailed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isEmail(normalizeEmail(email))) return setProblem(t('please_enter_valid_email'));
    setProblem(null);
    if (!invite.isPending) invite.mutate();
  };
  return (
    <form className="team-invite" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="team-invite-form">
      <h2 className="amplify-heading amplify-heading--3" id={`${id}-title`}>
        {t('team_invite_heading')}
      </h2>
      <TwoStepNotice />
      {disabled && <p className="muted">{t('error_reason_team_full')}</p>}
      <div className="team-invite-fields">
        <label className="team-field" htmlFor={`${id}-email`}>
          <span>{t('email')}</span>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            disabled={disabled}
            data-testid="team-invite-email"
          />
        </label>
        <label className="team-field" htmlFor={`${id}-role`}>
          <span>{t('team_role')}</span>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as MemberRole)} disabled={disabled} data-testid="team-invite-role">
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`team_role_${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="amplify-button amplify-button--primary" disabled={disabled || invite.isPending} data-testid="team-invite-submit">
          {invite.isPending ? t('team_inviting') : t('team_invite')}
        </button>
      </div>
      {problem && (
        <p className="team-problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
