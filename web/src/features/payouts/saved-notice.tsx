import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';

/** Shown once a save worked: the spec's success text for a bank account, otherwise a plain note. */
export function SavedNotice({ kind, onDismiss }: { kind: 'email' | 'bank'; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="success" onDismiss={onDismiss} dismissLabel={t('dismiss')} testId="payout-method-saved">
      {kind === 'bank' ? t('bank_account_added') : t('payout_email_saved')}
    </Alert>
  );
}
