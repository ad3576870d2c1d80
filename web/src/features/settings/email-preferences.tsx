import { useTranslation } from 'react-i18next';
import { emailPreferencesSchema, OPTIONAL_CATEGORIES, type EmailPreferences, type OptionalCategory } from '@contracts/notifications';
import { apiRequest, parseAnswer } from '../../lib/api';

export type EmailChoices = EmailPreferences['email'];

/** GET /api/notifications/preferences: the saved choices, or the defaults (contracts/notifications.ts). */
export async function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return parseAnswer(emailPreferencesSchema, await apiRequest<unknown>('/api/notifications/preferences', { signal }), 'GET /api/notifications/preferences');
}

/** PUT /api/notifications/preferences: answers what the server saved. */
export async function saveEmailPreferences(preferences: EmailPreferences): Promise<EmailPreferences> {
  return parseAnswer(emailPreferencesSchema, await apiRequest<unknown>('/api/notifications/preferences', { method: 'PUT', body: preferences }), 'PUT /api/notifications/preferences');
}

export const sameChoices = (a: EmailChoices, b: EmailChoices): boolean => OPTIONAL_CATEGORIES.every((c) => a[c] === b[c]);

/**
 * E-mail on or off per optional category (issue 12), in account settings; security notices are always
 * sent, which the note says (they have no switch). The dialog's Save stores the choice. `readOnly`: a
 * member who may not change them (only owners may: PUT /api/notifications/preferences) sees them and why.
 */
export function EmailPreferencesFieldset({ value, disabled, readOnly = false, onChange }: { value: EmailChoices; disabled: boolean; readOnly?: boolean; onChange(next: EmailChoices): void }) {
  const { t } = useTranslation();
  const label = (c: OptionalCategory) => t(`notification_category_${c}`);
  return (
    <fieldset className="settings-email" data-testid="settings-email-preferences">
      <legend>{t('email_notifications')}</legend>
      <p className="settings-hint">{t('email_notifications_hint')}</p>
      {/* Before the disabled boxes, so the reason comes first (also to a screen reader). */}
      {readOnly && (
        <p className="settings-hint" data-testid="settings-email-owner-only">
          {t('email_preferences_owner_only')}
        </p>
      )}
      {OPTIONAL_CATEGORIES.map((c) => (
        <label key={c} className="settings-email-choice">
          <input type="checkbox" checked={value[c]} disabled={disabled || readOnly} onChange={(e) => onChange({ ...value, [c]: e.target.checked })} data-testid={`settings-email-${c}`} />
          <span>{label(c)}</span>
        </label>
      ))}
      <p className="settings-hint" data-testid="settings-email-security-note">
        {t('email_notifications_security_note')}
      </p>
    </fieldset>
  );
}
