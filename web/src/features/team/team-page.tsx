import '../../components/empty-state.css';
import './team.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_MAX_MEMBERS, MEMBER_ROLES } from '@contracts/team-roles';
import { LoadStatus } from '../../components/load-status';
import { useStepUp } from '../../components/two-step/use-step-up';
import { useLoadErrorProps } from '../../lib/error-message';
import { usePageTitle } from '../../lib/use-page-title';
import { toResource } from '../../lib/use-resource';
import { useChangeMemberRole } from './api/change-member-role';
import { useTeam, type MemberView } from './api/get-team';
import { useInviteMember } from './api/invite-member';
import { useRemoveMember } from './api/remove-member';
import { InviteSection } from './invite-section';
import { MembersSection } from './members-section';
import { RemoveMemberDialog } from './remove-member-dialog';
import { TeamOutcome } from './team-outcome';

/**
 * The owner's team page (issue 14, `/team`): the account holder and every member with role and
 * status, open invitations with when they lapse; invite by e-mail with a role, change a role, remove
 * a member (their sessions end at once) or withdraw an invitation. Team changes need two-step
 * verification and a recent sign-in with it (issue 14): confirmed in place (`useStepUp`).
 */
export default function TeamPage() {
  const { t } = useTranslation();
  const loadError = useLoadErrorProps();
  usePageTitle(t('team_title'));
  const resource = toResource(useTeam());
  const data = resource.status === 'loaded' ? resource.data : resource.previous;
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const stepUp = useStepUp();
  const invite = useInviteMember(stepUp.run);
  const changeRole = useChangeMemberRole(stepUp.run);
  const remove = useRemoveMember(stepUp.run);
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
      <TeamOutcome invite={invite} changeRole={changeRole} remove={remove} />
      {stepUp.element}
      <InviteSection invite={invite} disabled={others >= (data?.maxMembers ?? TEAM_MAX_MEMBERS)} />
      <h2 className="amplify-heading amplify-heading--3">{t('team_members_heading')}</h2>
      <LoadStatus
        state={resource.status === 'loaded' ? 'idle' : resource.status}
        loadingText={t('team_loading')}
        {...loadError(resource, 'team_load_failed')}
        retryLabel={t('try_again')}
        onRetry={resource.retry}
        testId="team-status"
      />
      <MembersSection members={members} changing={changeRole.isPending} onRoleChange={(member, role) => changeRole.mutate({ member, role })} onRemove={setRemoving} />
      {removing && (
        <RemoveMemberDialog
          member={removing}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing, { onSettled: () => setRemoving(null) })}
        />
      )}
    </section>
  );
}
