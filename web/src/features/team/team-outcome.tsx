import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { useErrorText } from '../../lib/error-message';
import type { MemberView } from './api/get-team';

type Change = Pick<UseMutationResult<unknown, unknown, unknown>, 'status' | 'submittedAt' | 'error' | 'reset'>;

export interface TeamChanges {
  invite: Change & { data?: MemberView | undefined };
  changeRole: Change & { data?: MemberView | undefined };
  remove: Change & { data?: boolean | undefined; variables?: MemberView | undefined };
}

/**
 * What the last team change came to, above the form: said from the mutations themselves (the latest
 * one sent wins; nothing while it runs, nothing when the owner cancelled its two-step confirmation).
 * Dismiss forgets it.
 */
export function TeamOutcome({ invite, changeRole, remove }: TeamChanges) {
  const { t } = useTranslation();
  const describeError = useErrorText();
  const last = (['invite', 'changeRole', 'remove'] as const)
    .map((kind) => ({ kind, change: { invite, changeRole, remove }[kind] }))
    .filter(({ change }) => change.status === 'success' || change.status === 'error')
    .sort((a, b) => a.change.submittedAt - b.change.submittedAt)
    .at(-1);
  if (!last) return null;
  const role = (m: MemberView) => t(`team_role_${m.role}`);
  let text: string | null = null;
  let detail: string | null = null;
  if (last.change.status === 'error') {
    const error = describeError(last.change.error);
    text = t(last.kind === 'invite' ? 'team_invite_failed' : 'team_change_failed', { message: error.message });
    detail = error.detail;
  } else if (last.kind === 'invite' && invite.data) text = t('team_invited', { email: invite.data.email, role: role(invite.data) });
  else if (last.kind === 'changeRole' && changeRole.data) text = t('team_role_changed', { email: changeRole.data.email, role: role(changeRole.data) });
  else if (last.kind === 'remove' && remove.data && remove.variables) {
    text = t(remove.variables.status === 'invited' ? 'team_invitation_withdrawn' : 'team_member_removed', { email: remove.variables.email });
  }
  if (!text) return null;
  return (
    <Alert tone={last.change.status === 'error' ? 'error' : 'success'} testId="team-outcome" detail={detail} onDismiss={last.change.reset} dismissLabel={t('dismiss')}>
      {text}
    </Alert>
  );
}
