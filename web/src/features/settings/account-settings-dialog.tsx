import './settings.css';
import { Button, Input, Label } from '@aws-amplify/ui-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { InfoTooltip } from '../../components/info-tooltip';
import type { Language } from '../../i18n/language';
import { useErrorText } from '../../lib/error-message';
import { getMe } from '../../lib/me-api';
import { inRoleGroup } from '@contracts/team-roles';
import { queryKeys } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { twoStepEnabled } from '../../lib/two-step';
import { LanguageRow, PasswordRow, PayoutAccountRow, TwoStepRow, type PayoutAccount } from './account-settings-rows';
import { EmailPreferencesFieldset, getEmailPreferences, sameChoices, saveEmailPreferences, type EmailChoices } from './email-preferences';

const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));
const TwoStepDialog = lazy(() => import('../../components/two-step/two-step-dialog'));

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

  // E-mail notifications (issue 12): the saved choices, and the vendor's changes to them until Save.
  const preferences = useQuery({ queryKey: queryKeys.notifications.preferences, queryFn: ({ signal }) => getEmailPreferences(signal) });
  const [emailDraft, setEmailDraft] = useState<EmailChoices | null>(null);
  const emailChoices = emailDraft ?? preferences.data?.email;
  // Only an owner may change the e-mail choices or set up the payout method (their PUTs take
  // ROLE_GROUPS.owner in the route table); an account without a membership is its owner, as in the header.
  const owner = inRoleGroup(session.memberRole ?? 'owner', 'owner');
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

  // E-mail choices first: when they cannot be saved, the dialog stays open and says so (the mutation's
  // error). The language is applied at once; saving it is retried once and then only logged (spec §8).
  const saveSettings = useMutation({
    mutationFn: async () => {
      if (emailChanged && emailDraft) {
        queryClient.setQueryData(queryKeys.notifications.preferences, await saveEmailPreferences({ email: emailDraft }));
        setEmailDraft(null);
      }
      if (language !== session.language) await session.changeLanguage(language);
    },
    onSuccess: onClose,
  });
  const saving = saveSettings.isPending;
  const saveError = saveSettings.error ? t('email_preferences_save_failed', { message: describeError(saveSettings.error).message }) : null;

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
            <Button variation="primary" onClick={() => saveSettings.mutate()} isDisabled={saving || !changed} isLoading={saving} loadingText={t('saving')} data-testid="settings-save">
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
          <PayoutAccountRow payout={payout} maySetUp={owner} onClose={onClose} />
          <PasswordRow onEdit={() => setChangingPassword(true)} />
          <TwoStepRow twoStep={twoStep} onAction={setTwoStepDialog} />
          <LanguageRow language={language} onChange={setLanguage} editing={editingLanguage} onEditing={editLanguage} selectRef={languageSelectRef} editRef={languageEditRef} />
        </dl>
        <p className="settings-hint">{t('settings_language_hint')}</p>
        {emailChoices ? (
          <EmailPreferencesFieldset value={emailChoices} disabled={saving} readOnly={!owner} onChange={setEmailDraft} />
        ) : (
          <p className="settings-hint" role="status" data-testid="settings-email-status">
            {preferences.isError ? t('email_preferences_load_failed', { message: describeError(preferences.error).message }) : t('loading')}
          </p>
        )}
        {saveError && (
          <Alert tone="error" testId="settings-save-error" onDismiss={() => saveSettings.reset()} dismissLabel={t('dismiss')}>
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
