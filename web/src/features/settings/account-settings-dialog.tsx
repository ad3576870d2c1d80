import { Button, Input, Label, SelectField } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { InfoTooltip } from '../../components/info-tooltip';
import { LANGUAGES, languageNameKey, languageToApply, type Language } from '../../i18n/language';
import { useSession } from '../../lib/session';

/**
 * Account settings (spec §2): the e-mail (read only; changes go through support), the vendor ID and
 * the default language, saved to the vendor record on Save. The password row and the payout account
 * arrive with issue 3.
 */
export default function AccountSettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [language, setLanguage] = useState<Language>(session.language);
  const [saving, setSaving] = useState(false);
  const emailId = useId();

  const save = async () => {
    setSaving(true);
    // Applied at once; saving is retried once and then only logged (spec §8), so Save always closes.
    if (language !== session.language) await session.changeLanguage(language);
    setSaving(false);
    onClose();
  };

  return (
    <Dialog
      title={t('account_settings')}
      onClose={onClose}
      testId="account-settings-dialog"
      footer={
        <>
          <Button onClick={onClose} isDisabled={saving}>
            {t('cancel')}
          </Button>
          <Button variation="primary" onClick={() => void save()} isLoading={saving} loadingText={t('saving')} data-testid="settings-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="settings-label-row">
        <Label htmlFor={emailId}>{t('email')}</Label>
        <InfoTooltip label={t('email_info_label')} text={t('update_email_tooltip')} testId="email-info" />
      </div>
      <Input id={emailId} value={session.user?.email ?? ''} isReadOnly data-testid="settings-email" />
      <dl className="settings-facts">
        <dt>{t('vendor_id')}</dt>
        <dd data-testid="settings-vendor-id">{session.vendorId}</dd>
      </dl>
      <SelectField
        label={t('default_language')}
        value={language}
        onChange={(e) => setLanguage(languageToApply(e.target.value))}
        data-testid="settings-language"
        data-autofocus
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(languageNameKey(l))}
          </option>
        ))}
      </SelectField>
    </Dialog>
  );
}
