import { Button, SelectField } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGES, languageNameKey, languageToApply, type Language } from '../../i18n/language';

/** The payout-account row: read from the vendor record when the dialog opens. */
export type PayoutAccount = { state: 'loading' } | { state: 'loaded'; id: string | null } | { state: 'failed' };

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

/** The payout account's id, or a link to set one up (which closes the dialog). */
/** The payout account; without one, a link to set it up for who may (owners: PUT /api/payout-method), else only the fact. */
export function PayoutAccountRow({ payout, maySetUp, onClose }: { payout: PayoutAccount; maySetUp: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
      <div className="settings-row">
        <dt>{t('payout_account')}</dt>
        <dd data-testid="settings-payout-account">
          {payout.state === 'loading' && t('loading')}
          {payout.state === 'failed' && t('payout_account_unavailable')}
          {payout.state === 'loaded' &&
            (payout.id ?? (
              <>
                {t('payout_account_none')}
                {maySetUp && (
                  <>
                    {' '}
                    <Link to="/payouts" onClick={onClose} data-testid="settings-payout-setup">
                      {t('set_up_payout_account')}
                    </Link>
                  </>
                )}
              </>
            ))}
        </dd>
      </div>
  );
}

/** The password, masked, with Edit (Change password opens on top). */
export function PasswordRow({ onEdit }: { onEdit(): void }) {
  const { t } = useTranslation();
  return (
      <div className="settings-row">
        <dt>{t('password')}</dt>
        <dd className="settings-value-with-action">
          <MaskedPassword />
          <Button size="small" onClick={onEdit} aria-label={t('edit_password')} data-testid="settings-password-edit">
            {t('edit')}
          </Button>
        </dd>
      </div>
  );
}

/** Two-step sign-in: on or off as Cognito says, and the action that changes it. */
export function TwoStepRow({ twoStep, onAction }: { twoStep: UseQueryResult<boolean>; onAction(mode: 'set-up' | 'turn-off'): void }) {
  const { t } = useTranslation();
  return (
      <div className="settings-row">
        <dt>{t('two_step')}</dt>
        <dd className="settings-value-with-action">
          <span data-testid="settings-two-step">
            {twoStep.isPending ? t('loading') : twoStep.isError ? t('two_step_status_unavailable') : twoStep.data ? t('two_step_on') : t('two_step_off')}
          </span>
          {twoStep.isSuccess && (
            <Button
              size="small"
              onClick={() => onAction(twoStep.data ? 'turn-off' : 'set-up')}
              aria-label={twoStep.data ? t('two_step_turn_off_label') : t('two_step_set_up_label')}
              data-testid="settings-two-step-action"
            >
              {twoStep.data ? t('two_step_turn_off') : t('two_step_set_up')}
            </Button>
          )}
        </dd>
      </div>
  );
}

/** The default language with Edit / Done; keyboard focus moves into the select and back (`onEditing`). */
export function LanguageRow({ language, onChange, editing, onEditing, selectRef, editRef }: {
  language: Language;
  onChange(language: Language): void;
  editing: boolean;
  onEditing(editing: boolean): void;
  selectRef: RefObject<HTMLSelectElement | null>;
  editRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
      <div className="settings-row">
        <dt>{t('default_language')}</dt>
        <dd className="settings-value-with-action">
          {editing ? (
            <>
              <SelectField
                ref={selectRef}
                label={t('default_language')}
                labelHidden
                size="small"
                value={language}
                onChange={(e) => onChange(languageToApply(e.target.value))}
                data-testid="settings-language"
              >
                {LANGUAGES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {t(languageNameKey(l))}
                  </option>
                ))}
              </SelectField>
              <Button size="small" onClick={() => onEditing(false)} data-testid="settings-language-done">
                {t('done')}
              </Button>
            </>
          ) : (
            <>
              <span lang={language} data-testid="settings-language-value">
                {t(languageNameKey(language))}
              </span>
              <Button
                ref={editRef}
                size="small"
                onClick={() => onEditing(true)}
                aria-label={t('edit_default_language')}
                data-testid="settings-language-edit"
              >
                {t('edit')}
              </Button>
            </>
          )}
        </dd>
      </div>
  );
}
