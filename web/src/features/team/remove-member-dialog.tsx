import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import type { MemberView } from './api/get-team';

/** Asks before a member is removed (their sessions end at once) or an invitation withdrawn. */
export function RemoveMemberDialog({ member, busy, onCancel, onConfirm }: { member: MemberView; busy: boolean; onCancel(): void; onConfirm(): void }) {
  const { t } = useTranslation();
  const invited = member.status === 'invited';
  return (
    <Dialog
      title={invited ? t('team_withdraw_title') : t('team_remove_title')}
      onClose={onCancel}
      testId="team-remove-dialog"
      footer={
        <>
          <button type="button" className="amplify-button" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="button" className="amplify-button amplify-button--primary amplify-button--destructive" disabled={busy} onClick={onConfirm} data-testid="team-remove-confirm">
            {busy ? t('team_removing') : invited ? t('team_withdraw') : t('team_remove')}
          </button>
        </>
      }
    >
      <p>{invited ? t('team_withdraw_body', { email: member.email }) : t('team_remove_body', { email: member.email })}</p>
    </Dialog>
  );
}
