import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { InviteBody } from '@contracts/team';
import { MEMBER_ROLES, type MemberRole } from '@contracts/team-roles';
import { serverFieldErrors } from '../../lib/field-errors';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import type { useInviteMember } from './api/invite-member';
import { TwoStepNotice } from './two-step-notice';

type InviteInput = { email: string; role: MemberRole };
/** The server's body schema (POST /api/team/invitations): the address normalized and checked, a known role. */
const resolver = lazyZodResolver(() => import('@contracts/team').then((m) => m.inviteBodySchema));

/**
 * Invite by e-mail with a role (issue 14). A malformed address is said by the field before anything is
 * sent; the server's word on a sent invitation is the page's outcome (and a 400's field, by the field).
 */
export function InviteSection({ invite, disabled }: { invite: ReturnType<typeof useInviteMember>; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { register, handleSubmit, resetField, setError, formState } = useForm<InviteInput, unknown, InviteBody>({
    resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', role: 'inventory' },
  });
  const problem = formState.errors.email ? t('please_enter_valid_email') : null;
  const submit = handleSubmit((body) => {
    if (invite.isPending) return;
    invite.mutate(body, {
      onSuccess: (member) => member && resetField('email'),
      onError: (err) => serverFieldErrors(err).email && setError('email', { type: 'server', message: serverFieldErrors(err).email }),
    });
  });
  return (
    <form className="team-invite" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`} data-testid="team-invite-form">
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
            {...register('email')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            disabled={disabled}
            data-testid="team-invite-email"
          />
        </label>
        <label className="team-field" htmlFor={`${id}-role`}>
          <span>{t('team_role')}</span>
          <select id={`${id}-role`} {...register('role')} disabled={disabled} data-testid="team-invite-role">
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
