import './settings.css';
import { Button, Input, Label, SelectField } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { InfoTooltip } from '../../components/info-tooltip';
import { LANGUAGES, languageNameKey, languageToApply, type Language } from '../../i18n/language';
import { useErrorText } from '../../lib/error-message';
import { getMe } from '../../lib/me-api';
import { queryKeys } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { twoStepEnabled } from '../../lib/two-step';
import { EmailPreferencesFieldset, getEmailPreferences, sameChoices, saveEmailPreferences, type EmailChoices } from './email-preferences';

const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));
const TwoStepDialog = lazy(() => import('../../components/two-step/two-step-dialog'));

/** The payout-account row: read from the vendor record when the dialog opens. */
type PayoutAccount = { state: 'loading' } | { state: 'loaded'; id: string | null } | { state: 'failed' };

/** '••••••••' for screen readers too: they hear "Password (hidden)" instead of eight bullets. */
function MaskedPassword() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="settings-mask" data-testid="settings-password-mask">
        ••••••••
      </span>
      <span className="visually-hidden">{t('password_hidden')}</span>
    </>
  );
}

/**
 * Account settings (spec §2): the e-mail (read only; changes go through support), the vendor ID, the
 * payout account (or a link to set one up), the password masked with Edit (opens Change password on
 * top) and the default language with Edit / Done. Save stores a changed language in the vendor
 * record and applies it; Cancel (or Escape) discards it. The password is saved by its own dialog.
 */
export default function AccountSettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [language, setLanguage] = useState<Language>(session.language);
  const [editingLanguage, setEditingLanguage] = useState(false);
  const [saving, setSaving] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  // Two-step verification (issue 14): Cognito's answer, and the dialog that changes it.
  const twoStep = useQuery({ queryKey: queryKeys.twoStep, queryFn: twoStepEnabled });
  const [twoStepDialog, setTwoStepDialog] = useState<'set-up' | 'turn-off' | null>(null);
  const [twoStepChanged, setTwoStepChanged] = useState<boolean | null>(null);
  const emailId = useId();
  const languageEditRef = useRef<HTMLButtonElement>(null);
  const languageSelectRef = useRef<HTMLSelectElement>(null);
  const queryClient = useQueryClient();
  const describeError = useErrorText();
  const [saveError, setSaveError] = useState<string | null>(null);

  // E-mail notifications (issue 12): the saved choices, and the vendor's changes to them until Save.
  const preferences = useQuery({ queryKey: queryKeys.notifications.preferences, queryFn: ({ signal }) => getEmailPreferences(signal) });
  const [emailDraft, setEmailDraft] = useState<EmailChoices | null>(null);
  const emailChoices = emailDraft ?? preferences.data?.email;
  const emailChanged = Boolean(emailDraft && preferences.data && !sameChoices(emailDraft, preferences.data.email));
  const changed = language !== session.language || emailChanged;

  // The vendor record (GET /api/me), read on each opening; a saved payout method invalidates it.
  const me = useQuery({ queryKey: queryKeys.me, queryFn: () => getMe() });
  const payout: PayoutAccount = me.isSuccess ? { state: 'loaded', id: me.data.payoutAccountId ?? null } : me.isError ? { state: 'failed' } : { state: 'loading' };
  useEffect(() => {
    if (me.error) console.error('Could not load the payout account', me.error);
  }, [me.error]);

  // Keyboard users stay where they were: into the select on Edit, back on the Edit button on Done.
  const editLanguage = (editing: boolean) => {
    flushSync(() => setEditingLanguage(editing));
    (editing ? languageSelectRef.current : languageEditRef.current)?.focus();
  };

  const close = () => {
    if (!saving) onClose();
  };

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    // E-mail choices first: when they cannot be saved, the dialog stays open and says so.
    if (emailChanged && emailDraft) {
      try {
        queryClient.setQueryData(queryKeys.notifications.preferences, await saveEmailPreferences({ email: emailDraft }));
        setEmailDraft(null);
      } catch (err) {
        setSaveError(t('email_preferences_save_failed', { message: describeError(err).message }));
        setSaving(false);
        return;
      }
    }
    // Applied at once; saving is retried once and then only logged (spec §8), so Save always closes.
    if (language !== session.language) await session.changeLanguage(language);
    setSaving(false);
    onClose();
  };

  return (
    <>
      <Dialog
        title={t('account_settings')}
        onClose={close}
        testId="account-settings-dialog"
        footer={
          <>
            <Button onClick={close} isDisabled={saving}>
              {t('cancel')}
            </Button>
            <Button variation="primary" onClick={() => void save()} isDisabled={saving || !changed} isLoading={saving} loadingText={t('saving')} data-testid="settings-save">
              {t('save')}
            </Button>
          </>
        }
      >
        {twoStepChanged !== null && (
          <Alert tone="success" testId="two-step-updated" onDismiss={() => setTwoStepChanged(null)} dismissLabel={t('dismiss')}>
            {twoStepChanged ? t('two_step_turned_on') : t('two_step_turned_off')}
          </Alert>
        )}
        {passwordChanged && (
          <Alert tone="success" testId="password-updated" onDismiss={() => setPasswordChanged(false)} dismissLabel={t('dismiss')}>
            {t('password_updated')}
          </Alert>
        )}
        <div className="settings-label-row">
          <Label htmlFor={emailId}>{t('email')}</Label>
          <InfoTooltip label={t('email_info_label')} text={t('update_email_tooltip')} testId="email-info" />
        </div>
        <Input id={emailId} value={session.user?.email ?? ''} isReadOnly data-testid="settings-email" data-autofocus />
        <dl className="settings-facts">
          <div className="settings-row">
            <dt>{t('vendor_id')}</dt>
            <dd data-testid="settings-vendor-id">{session.vendorId}</dd>
          </div>
          <div className="settings-row">
            <dt>{t('payout_account')}</dt>
            <dd data-testid="settings-payout-account">
              {payout.state === 'loading' && t('loading')}
              {payout.state === 'failed' && t('payout_account_unavailable')}
              {payout.state === 'loaded' &&
                (payout.id ?? (
                  <>
                    {t('payout_account_none')}{' '}
                    <Link to="/payouts" onClick={onClose} data-testid="settings-payout-setup">
                      {t('set_up_payout_account')}
                    </Link>
                  </>
                ))}
            </dd>
          </div>
          <div className="settings-row">
            <dt>{t('password')}</dt>
            <dd className="settings-value-with-action">
              <MaskedPassword />
              <Button size="small" onClick={() => setChangingPassword(true)} aria-label={t('edit_password')} data-testid="settings-password-edit">
                {t('edit')}
              </Button>
            </dd>
          </div>
          <div className="settings-row">
            <dt>{t('two_step')}</dt>
            <dd className="settings-value-with-action">
              <span data-testid="settings-two-step">
                {twoStep.isPending ? t('loading') : twoStep.isError ? t('two_step_status_unavailable') : twoStep.data ? t('two_step_on') : t('two_step_off')}
              </span>
              {twoStep.isSuccess && (
                <Button
                  size="small"
                  onClick={() => setTwoStepDialog(twoStep.data ? 'turn-off' : 'set-up')}
                  aria-label={twoStep.data ? t('two_step_turn_off_label') : t('two_step_set_up_label')}
                  data-testid="settings-two-step-action"
                >
                  {twoStep.data ? t('two_step_turn_off') : t('two_step_set_up')}
                </Button>
              )}
            </dd>
          </div>
          <div className="settings-row">
            <dt>{t('default_language')}</dt>
            <dd className="settings-value-with-action">
              {editingLanguage ? (
                <>
                  <SelectField
                    ref={languageSelectRef}
                    label={t('default_language')}
                    labelHidden
                    size="small"
                    value={language}
                    onChange={(e) => setLanguage(languageToApply(e.target.value))}
                    data-testid="settings-language"
                  >
                    {LANGUAGES.map((l) => (
                      <option key={l} value={l} lang={l}>
                        {t(languageNameKey(l))}
                      </option>
                    ))}
                  </SelectField>
                  <Button size="small" onClick={() => editLanguage(false)} data-testid="settings-language-done">
                    {t('done')}
                  </Button>
                </>
              ) : (
                <>
                  <span lang={language} data-testid="settings-language-value">
                    {t(languageNameKey(language))}
                  </span>
                  <Button
                    ref={languageEditRef}
                    size="small"
                    onClick={() => editLanguage(true)}
                    aria-label={t('edit_default_language')}
                    data-testid="settings-language-edit"
                  >
                    {t('edit')}
                  </Button>
                </>
              )}
            </dd>
          </div>
        </dl>
        <p className="settings-hint">{t('settings_language_hint')}</p>
        {emailChoices ? (
          <EmailPreferencesFieldset value={emailChoices} disabled={saving} onChange={setEmailDraft} />
        ) : (
          <p className="settings-hint" role="status" data-testid="settings-email-status">
            {preferences.isError ? t('email_preferences_load_failed', { message: describeError(preferences.error).message }) : t('loading')}
          </p>
        )}
        {saveError && (
          <Alert tone="error" testId="settings-save-error" onDismiss={() => setSaveError(null)} dismissLabel={t('dismiss')}>
            {saveError}
          </Alert>
        )}
      </Dialog>
      {twoStepDialog && (
        <Suspense fallback={null}>
          <TwoStepDialog
            mode={twoStepDialog}
            onClose={() => setTwoStepDialog(null)}
            onChanged={(on) => {
              setTwoStepDialog(null);
              setTwoStepChanged(on);
              queryClient.setQueryData(queryKeys.twoStep, on);
            }}
          />
        </Suspense>
      )}
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            onClose={() => setChangingPassword(false)}
            onChanged={() => {
              setChangingPassword(false);
              setPasswordChanged(true);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
