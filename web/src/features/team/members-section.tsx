import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES, type MemberRole } from '@contracts/team-roles';
import { languageToApply } from '../../i18n/language';
import { formatInstant } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { useSession } from '../../lib/session';
import type { MemberView } from './api/get-team';

export interface MemberActions {
  /** A role change is being sent: the selects wait. */
  changing: boolean;
  onRoleChange(member: MemberView, role: MemberRole): void;
  onRemove(member: MemberView): void;
}

/** The account holder and every member with role and status, open invitations with when they lapse (cards at every width). */
export function MembersSection({ members, ...actions }: { members: readonly MemberView[] } & MemberActions) {
  if (members.length === 0) return null;
  return (
    <ul className="team-list" data-testid="team-list">
      {members.map((m) => (
        <MemberCard key={m.memberId} member={m} {...actions} />
      ))}
    </ul>
  );
}

function MemberCard({ member: m, changing, onRoleChange, onRemove }: { member: MemberView } & MemberActions) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  const session = useSession();
  return (
    <li className="team-card" data-status={m.status} data-testid="team-member">
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
              <select value={m.role} disabled={changing} onChange={(e) => onRoleChange(m, e.target.value as MemberRole)} data-testid="team-member-role-select">
                {MEMBER_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`team_role_${role}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="amplify-button amplify-button--small team-remove" onClick={() => onRemove(m)} data-testid="team-member-remove">
              {m.status === 'invited' ? t('team_withdraw') : t('team_remove')}
            </button>
          </>
        )}
      </div>
      {m.accountHolder && m.email === session.user?.email && <p className="muted team-note">{t('team_account_holder_note')}</p>}
    </li>
  );
}
