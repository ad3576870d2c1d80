import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/language';
import { formatDateTime, timeZoneLabel } from '../../lib/format';
import type { ActivityEntry } from './api/get-activity';
import { activityText, activityViaText } from './activity-text';

/**
 * The log's rows: when (in the marketplace's zone, named in the caption), who (e-mail), what (a
 * sentence with the product and the values before and after). A table on wide screens, cards on
 * phones (data-table.css `.card-table`). `filterKey`: the filter these rows answer (data-filter).
 */
export function ActivityTable({ rows, busy, filterKey, timeZone, language }: { rows: readonly ActivityEntry[]; busy: boolean; filterKey: string; timeZone: string | undefined; language: Language }) {
  const { t } = useTranslation();
  const when = (at: string) => (timeZone ? formatDateTime(at, language, timeZone) : { date: at.slice(0, 10), time: at.slice(11, 16) });
  const caption = timeZone ? t('activity_caption', { zone: timeZoneLabel(timeZone, language) }) : t('activity_title');
  return (
    // Scrolls sideways if it must on a mid-size screen: focusable so keyboard users can scroll it too.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table card-table activity-table" aria-busy={busy} data-testid="activity-table" data-filter={filterKey}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('activity_col_when')}</th>
            <th scope="col">{t('activity_col_who')}</th>
            <th scope="col">{t('activity_col_what')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => {
            const at = when(entry.at);
            const via = activityViaText(t, entry);
            return (
              <tr key={entry.activityId} data-testid="activity-row" data-action={entry.action}>
                <td className="activity-when" data-label={t('activity_col_when')}>
                  <time dateTime={entry.at}>
                    {at.date}
                    <span className="activity-time">{at.time}</span>
                  </time>
                </td>
                <td className="activity-who" data-label={t('activity_col_who')} data-testid="activity-actor">
                  {entry.actor.email || entry.actor.userId}
                </td>
                <td className="activity-what card-wide" data-label={t('activity_col_what')} data-testid="activity-text">
                  {activityText(t, language, entry)}
                  {via && (
                    <span className="activity-via" data-testid="activity-via">
                      {via}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
