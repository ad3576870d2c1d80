import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageToApply } from '../../i18n/language';
import { timeZoneLabel } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { ACTIVITY_ACTIONS, activityActionKey, type ActivityFilter } from './activity-api';

type Draft = Record<keyof ActivityFilter, string>;

/**
 * The log's filters: action, person (an e-mail address, or a user id), From / To days (marketplace days, as the
 * API counts them). Apply puts them in the URL (a history entry); Clear filters shows the whole log.
 * A range that ends before it starts is said under the field, not sent.
 */
export function ActivityFilterForm({ filter, onApply }: { filter: ActivityFilter; onApply: (next: ActivityFilter) => void }) {
  const { t, i18n } = useTranslation();
  const timeZone = useMarketplaceTimeZone();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => ({ action: filter.action ?? '', actor: filter.actor ?? '', from: filter.from ?? '', to: filter.to ?? '' }));
  const [reversed, setReversed] = useState(false);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [key]: e.target.value }));
    if (key === 'from' || key === 'to') setReversed(false);
  };
  const filtered = Object.values(filter).some(Boolean);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) return setReversed(true);
    const next: ActivityFilter = {};
    if (draft.action) next.action = draft.action as ActivityFilter['action'];
    const actor = draft.actor.trim();
    if (actor) next.actor = actor.includes('@') ? actor.toLowerCase() : actor;
    if (draft.from) next.from = draft.from;
    if (draft.to) next.to = draft.to;
    onApply(next);
  };
  const clear = () => {
    setDraft({ action: '', actor: '', from: '', to: '' });
    setReversed(false);
    onApply({});
  };

  return (
    <form className="activity-filter" role="search" aria-label={t('activity_filters')} onSubmit={submit} noValidate data-testid="activity-filter">
      <div className="activity-filter-fields">
        <label className="activity-field" htmlFor={`${id}-action`}>
          <span>{t('activity_filter_action')}</span>
          <select id={`${id}-action`} value={draft.action} onChange={set('action')} data-testid="activity-filter-action">
            <option value="">{t('activity_filter_any_action')}</option>
            {ACTIVITY_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(activityActionKey(action))}
              </option>
            ))}
          </select>
        </label>
        <label className="activity-field activity-field-wide" htmlFor={`${id}-actor`}>
          <span>{t('activity_filter_person')}</span>
          <input id={`${id}-actor`} type="text" inputMode="email" value={draft.actor} onChange={set('actor')} autoComplete="off" spellCheck={false} placeholder={t('activity_filter_person_placeholder')} data-testid="activity-filter-actor" />
        </label>
        <label className="activity-field" htmlFor={`${id}-from`}>
          <span>{t('filter_from')}</span>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            onChange={set('from')}
            aria-invalid={reversed}
            aria-describedby={reversed ? `${id}-problem` : undefined}
            data-testid="activity-filter-from"
          />
        </label>
        <label className="activity-field" htmlFor={`${id}-to`}>
          <span>{t('filter_to')}</span>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} data-testid="activity-filter-to" />
        </label>
        <div className="activity-filter-actions">
          <button type="submit" className="amplify-button amplify-button--small amplify-button--primary" data-testid="activity-filter-apply">
            {t('apply_filters')}
          </button>
          {filtered && (
            <button type="button" className="amplify-button amplify-button--small" onClick={clear} data-testid="activity-filter-clear">
              {t('clear_filters')}
            </button>
          )}
        </div>
      </div>
      {reversed && (
        <p id={`${id}-problem`} className="activity-field-error" role="alert" data-testid="activity-filter-problem">
          {t('filter_from_after_to')}
        </p>
      )}
      {timeZone && <p className="activity-hint">{t('activity_filter_days_hint', { zone: timeZoneLabel(timeZone, languageToApply(i18n.language)) })}</p>}
    </form>
  );
}
