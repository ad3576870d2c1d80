import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ActivityFilterFormValues } from '@contracts/activity';
import { languageToApply } from '../../i18n/language';
import { timeZoneLabel } from '../../lib/format';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { ACTIVITY_ACTIONS, activityActionKey, normalizeActor, type ActivityFilter } from './activity-filter';

/** The filter's schema (contracts/activity.ts): the module the log's answers are parsed with, fetched as the form shows. */
const contract = () => import('@contracts/activity');
const resolver = lazyZodResolver(() => contract().then((m) => m.activityFilterFormSchema));

/** The form's values as a filter: blanks left out, a person's e-mail in lower case. */
function toFilter(values: { action: string; actor: string; from: string; to: string }): ActivityFilter {
  const next: ActivityFilter = {};
  if (values.action) next.action = values.action as ActivityFilter['action'];
  if (values.actor) next.actor = normalizeActor(values.actor);
  if (values.from) next.from = values.from;
  if (values.to) next.to = values.to;
  return next;
}

/**
 * The log's filters: action, person (an e-mail address, or a user id), From / To days (marketplace days, as the
 * API counts them). Apply puts them in the URL (a history entry); Clear filters shows the whole log.
 * A range that ends before it starts is said under the field, not sent.
 */
export function ActivityFilterForm({ filter, onApply }: { filter: ActivityFilter; onApply: (next: ActivityFilter) => void }) {
  const { t, i18n } = useTranslation();
  const timeZone = useMarketplaceTimeZone();
  const id = useId();
  const blank = { action: '', actor: '', from: '', to: '' } as const;
  const { register, handleSubmit, reset, formState } = useForm<ActivityFilterFormValues, unknown, ActivityFilterFormValues>({ resolver, defaultValues: { ...blank, ...filter } });
  useEffect(() => void contract().catch(() => undefined), []);
  const reversed = formState.errors.from?.message === 'filter_from_after_to';
  const submit = handleSubmit((values) => onApply(toFilter({ action: values.action, actor: values.actor.trim(), from: values.from, to: values.to })));
  const clear = () => {
    reset(blank);
    onApply({});
  };

  return (
    <form className="activity-filter" role="search" aria-label={t('activity_filters')} onSubmit={(e) => void submit(e)} noValidate data-testid="activity-filter">
      <div className="activity-filter-fields">
        <label className="activity-field" htmlFor={`${id}-action`}>
          <span>{t('activity_filter_action')}</span>
          <select id={`${id}-action`} {...register('action')} data-testid="activity-filter-action">
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
          <input id={`${id}-actor`} type="text" inputMode="email" {...register('actor')} autoComplete="off" spellCheck={false} placeholder={t('activity_filter_person_placeholder')} data-testid="activity-filter-actor" />
        </label>
        <label className="activity-field" htmlFor={`${id}-from`}>
          <span>{t('filter_from')}</span>
          <input id={`${id}-from`} type="date" {...register('from')} aria-invalid={reversed} aria-describedby={reversed ? `${id}-problem` : undefined} data-testid="activity-filter-from" />
        </label>
        <label className="activity-field" htmlFor={`${id}-to`}>
          <span>{t('filter_to')}</span>
          <input id={`${id}-to`} type="date" {...register('to')} data-testid="activity-filter-to" />
        </label>
        <div className="activity-filter-actions">
          <button type="submit" className="amplify-button amplify-button--small amplify-button--primary" data-testid="activity-filter-apply">
            {t('apply_filters')}
          </button>
          {Object.values(filter).some(Boolean) && (
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
