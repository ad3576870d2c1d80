import '../../../components/data-table.css';
import './payouts.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { LoadStatus } from '../../../components/load-status';
import { languageToApply, type Language } from '../../../i18n/language';
import { saveBlob } from '../../../lib/download';
import { useErrorText, type ErrorText } from '../../../lib/error-message';
import { formatCount, formatDateTime, formatDayRange, formatMoney } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { useCursorList } from '../../../lib/use-cursor-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import {
  adminPayoutKeys,
  confirmPayout,
  downloadBankBatch,
  getPeriod,
  isPeriodId,
  listPayouts,
  marketplaceToday,
  periodDays,
  reasonKey,
  recentPeriods,
  retryPayout,
  viewOf,
  type AdminPayout,
  type AdminPayoutPage,
  type AdminPayoutView,
} from './payouts-api';

type Action = { kind: 'retry' | 'paid' | 'failed'; payout: AdminPayout };
type Notice = { tone: 'success'; text: string } | { tone: 'error'; text: string; detail: string | null };

const VIEWS: readonly AdminPayoutView[] = ['period', 'failed', 'awaiting'];

/**
 * /admin/payouts (issue 13, screen 5): a period's figures and payouts, failed payouts with Retry and
 * bank transfers awaiting confirmation with Confirm paid / Confirm failed and the bank batch download.
 * `?status=failed` and `?status=awaiting` are the Overview's links; `?period=` picks the period.
 */
export default function AdminPayoutsPage() {
  const { t, i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  usePageTitle(t('admin_payouts_title'));
  const [params] = useSearchParams();
  const view = viewOf(params.get('status'));
  const timeZone = useMarketplaceTimeZone() ?? null;
  const periods = recentPeriods(marketplaceToday(timeZone));
  const requested = params.get('period');
  const period = isPeriodId(requested) ? requested : periods[0]!;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const hrefOf = (v: AdminPayoutView) => (v === 'period' ? `/admin/payouts?period=${period}` : `/admin/payouts?status=${v}`);

  return (
    <section className="admin-page admin-payouts" aria-labelledby="admin-payouts-heading">
      <h1 id="admin-payouts-heading">{t('admin_payouts_title')}</h1>
      <p className="admin-intro">{t('admin_payouts_intro')}</p>
      <nav aria-label={t('admin_payouts_views')}>
        <ul className="admin-payouts-views">
          {VIEWS.map((v) => (
            <li key={v}>
              <Link to={hrefOf(v)} aria-current={v === view ? 'page' : undefined} data-testid={`admin-payouts-view-${v}`} onClick={() => setNotice(null)}>
                {t(`admin_payouts_view_${v}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {notice &&
        (notice.tone === 'success' ? (
          <p className="admin-payouts-notice" role="status" data-testid="admin-payouts-notice">
            {notice.text}
          </p>
        ) : (
          <Alert tone="error" detail={notice.detail} onDismiss={() => setNotice(null)} dismissLabel={t('dismiss')} testId="admin-payouts-error">
            {notice.text}
          </Alert>
        ))}
      {view === 'period' && <PeriodView period={period} periods={periods} language={language} timeZone={timeZone} />}
      {view !== 'period' && <PayoutList view={view} language={language} timeZone={timeZone} onAction={setAction} onNotice={setNotice} />}
      {action && (
        <ActionDialog
          action={action}
          language={language}
          onClose={() => setAction(null)}
          onDone={(text) => {
            setAction(null);
            setNotice({ tone: 'success', text });
          }}
        />
      )}
    </section>
  );
}

function PeriodView({ period, periods, language, timeZone }: { period: string; periods: string[]; language: Language; timeZone: string | null }) {
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchParams();
  const describe = useErrorText();
  const summary = toResource(useQuery({ queryKey: adminPayoutKeys.period(period), queryFn: ({ signal }) => getPeriod(period, signal) }));
  const failure = summary.status === 'failed' ? describe(summary.error) : null;
  const choices = periods.includes(period) ? periods : [period, ...periods];
  const days = (p: string) => {
    const { from, to } = periodDays(p);
    return formatDayRange(from, to, language);
  };
  const data = summary.status === 'loaded' ? summary.data : null;
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <>
      <div className="admin-payouts-filter">
        <label htmlFor="admin-payouts-period">{t('admin_payouts_period')}</label>
        <select
          id="admin-payouts-period"
          data-testid="admin-payouts-period"
          value={period}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set('period', e.target.value);
            setParams(next);
          }}
        >
          {choices.map((p) => (
            <option key={p} value={p}>
              {days(p)}
            </option>
          ))}
        </select>
      </div>
      <LoadStatus
        state={summary.status === 'loaded' ? 'idle' : summary.status}
        loadingText={t('admin_payouts_loading')}
        errorText={failure ? t('admin_payouts_failed_to_load', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={summary.retry}
        testId="admin-payouts-period-status"
      />
      {data && (
        <dl className="admin-payouts-summary" data-testid="admin-payouts-summary">
          {(
            [
              ['vendors_paid', formatCount(data.vendorsPaid, language)],
              ['gross', money(data.totals.grossSalesCents)],
              ['commission', money(data.totals.commissionCents)],
              ['fees', money(data.totals.feeCents)],
              ['paid_out', money(data.paidOutCents)],
              ['count_paid', formatCount(data.counts.paid, language)],
              ['count_pending', formatCount(data.counts.pending, language)],
              ['count_failed', formatCount(data.counts.failed, language)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} data-testid={`admin-payouts-summary-${key}`}>
              <dt>{t(`admin_payouts_summary_${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <PayoutList view="period" period={period} language={language} timeZone={timeZone} />
    </>
  );
}

function PayoutList({
  view,
  period,
  language,
  timeZone,
  onAction,
  onNotice,
}: {
  view: AdminPayoutView;
  period?: string;
  language: Language;
  timeZone: string | null;
  onAction?: (action: Action) => void;
  onNotice?: (notice: Notice) => void;
}) {
  const { t } = useAdminTranslation();
  const describe = useErrorText();
  const list = useCursorList<AdminPayout, AdminPayoutPage>(adminPayoutKeys.list(view, period ?? null), (cursor, signal) => listPayouts(view, period ?? null, cursor, signal));
  const failure = list.status === 'failed' ? describe(list.error) : null;
  const items = list.items.length ? list.items : list.previousItems;
  const [downloading, setDownloading] = useState<string | null>(null);
  const when = (instant: string | null) => {
    if (!instant) return '';
    const { date, time } = formatDateTime(instant, language, timeZone ?? 'UTC');
    return `${date} ${time}`;
  };
  const reason = (p: AdminPayout) => {
    if (!p.failureReason) return '';
    const key = reasonKey(p.failureReason);
    return key ? t(key) : p.failureReason;
  };
  const batchPeriods = view === 'awaiting' ? [...new Set(items.map((p) => p.periodId))].sort() : [];
  const download = async (periodId: string) => {
    setDownloading(periodId);
    try {
      const file = await downloadBankBatch(periodId);
      saveBlob(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }), file.fileName);
      onNotice?.({ tone: 'success', text: t('admin_payouts_batch_downloaded', { count: file.rows, period: formatPeriod(periodId, language) }) });
    } catch (err) {
      const text: ErrorText = describe(err);
      onNotice?.({ tone: 'error', text: t('admin_payouts_batch_failed', { message: text.message }), detail: text.detail });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="admin-payouts-list" aria-busy={list.status === 'loading'}>
      {batchPeriods.length > 0 && (
        <div className="admin-payouts-batches">
          {batchPeriods.map((p) => (
            <button
              key={p}
              type="button"
              className="admin-payouts-button"
              disabled={downloading !== null}
              data-testid={`admin-payouts-batch-${p}`}
              onClick={() => void download(p)}
            >
              {t('admin_payouts_download_batch', { period: formatPeriod(p, language) })}
            </button>
          ))}
        </div>
      )}
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status}
        loadingText={t('admin_payouts_loading')}
        errorText={failure ? t('admin_payouts_failed_to_load', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId={`admin-payouts-${view}-status`}
      />
      {list.status === 'loaded' && items.length === 0 && (
        <p className="admin-payouts-empty" data-testid={`admin-payouts-${view}-empty`}>
          {t(`admin_payouts_empty_${view}`)}
        </p>
      )}
      {items.length > 0 && (
        <div className="table-scroll admin-payouts-table-wrap">
          <table className="data-table card-table admin-payouts-table" data-testid={`admin-payouts-${view}-table`}>
            <caption className="visually-hidden">{t(`admin_payouts_view_${view}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin_payouts_col_vendor')}</th>
                <th scope="col">{t('admin_payouts_col_period')}</th>
                <th scope="col" className="numeric">
                  {t('admin_payouts_col_amount')}
                </th>
                <th scope="col" className="numeric">
                  {t('admin_payouts_col_fee')}
                </th>
                <th scope="col" className="numeric">
                  {t('admin_payouts_col_paid')}
                </th>
                <th scope="col">{t('admin_payouts_col_destination')}</th>
                <th scope="col">{t('admin_payouts_col_status')}</th>
                {view === 'failed' && <th scope="col">{t('admin_payouts_col_reason')}</th>}
                {view !== 'period' && <th scope="col">{t(view === 'failed' ? 'admin_payouts_col_failed_at' : 'admin_payouts_col_submitted_at')}</th>}
                {view !== 'period' && <th scope="col">{t('admin_payouts_col_actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.payoutId} data-testid={`admin-payout-${p.payoutId}`}>
                  <th scope="row">
                    <span className="admin-payouts-vendor">{p.vendorName ?? p.vendorId}</span>
                    <span className="admin-payouts-id">{p.payoutId}</span>
                  </th>
                  <td data-label={t('admin_payouts_col_period')}>{formatDayRange(p.periodFrom, p.periodTo, language)}</td>
                  <td className="numeric" data-label={t('admin_payouts_col_amount')}>
                    {formatMoney(p.amountCents, language)}
                  </td>
                  <td className="numeric" data-label={t('admin_payouts_col_fee')}>
                    {formatMoney(p.feeCents, language)}
                  </td>
                  <td className="numeric" data-label={t('admin_payouts_col_paid')}>
                    {formatMoney(p.paidCents, language)}
                  </td>
                  <td data-label={t('admin_payouts_col_destination')}>
                    {t(`admin_payouts_method_${p.method}`)} {p.destination}
                  </td>
                  <td data-label={t('admin_payouts_col_status')} data-testid="admin-payout-status">
                    {t(`admin_payouts_status_${p.status}`)}
                    {p.retryCount > 0 && <span className="admin-payouts-retries"> · {t('admin_payouts_retries', { count: p.retryCount })}</span>}
                  </td>
                  {view === 'failed' && (
                    <td data-label={t('admin_payouts_col_reason')} data-testid="admin-payout-reason">
                      {reason(p)}
                    </td>
                  )}
                  {view !== 'period' && <td data-label={t(view === 'failed' ? 'admin_payouts_col_failed_at' : 'admin_payouts_col_submitted_at')}>{when(view === 'failed' ? p.updatedAt : p.submittedAt)}</td>}
                  {view !== 'period' && (
                    <td className="card-wide admin-payouts-actions">
                      {view === 'failed' && p.status === 'failed' && (
                        <button type="button" className="admin-payouts-button" data-testid="admin-payout-retry" onClick={() => onAction?.({ kind: 'retry', payout: p })}>
                          {t('admin_payouts_retry')}
                        </button>
                      )}
                      {view === 'awaiting' && p.status === 'pending' && (
                        <>
                          <button type="button" className="admin-payouts-button" data-testid="admin-payout-confirm-paid" onClick={() => onAction?.({ kind: 'paid', payout: p })}>
                            {t('admin_payouts_confirm_paid')}
                          </button>
                          <button type="button" className="admin-payouts-button admin-payouts-button-secondary" data-testid="admin-payout-confirm-failed" onClick={() => onAction?.({ kind: 'failed', payout: p })}>
                            {t('admin_payouts_confirm_failed')}
                          </button>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <button type="button" className="admin-payouts-button" data-testid={`admin-payouts-${view}-more`} disabled={list.loadingMore} onClick={list.loadMore}>
          {t('admin_payouts_load_more')}
        </button>
      )}
    </div>
  );
}

const formatPeriod = (periodId: string, language: Language) => {
  const { from, to } = periodDays(periodId);
  return formatDayRange(from, to, language);
};

function ActionDialog({ action, language, onClose, onDone }: { action: Action; language: Language; onClose(): void; onDone(text: string): void }) {
  const { t } = useAdminTranslation();
  const describe = useErrorText();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  // A second click before the first answer (a double click) sends nothing more.
  const sending = useRef(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const { payout } = action;
  const who = payout.vendorName ?? payout.vendorId;
  const amount = formatMoney(payout.paidCents, language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = action.kind === 'retry' ? await retryPayout(payout) : await confirmPayout(payout.payoutId, action.kind, reason);
      await client.invalidateQueries({ queryKey: adminPayoutKeys.all });
      await client.invalidateQueries({ queryKey: ['admin', 'overview'] });
      onDone(t(`admin_payouts_done_${answer.outcome}`, { vendor: who, amount }));
    } catch (err) {
      setError(describe(err));
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t(`admin_payouts_dialog_${action.kind}_title`)}
      onClose={onClose}
      testId="admin-payouts-dialog"
      form={{ onSubmit: (e) => void submit(e) }}
      footer={
        <>
          <button type="button" className="admin-payouts-button admin-payouts-button-secondary" onClick={onClose} data-testid="admin-payouts-dialog-cancel">
            {t('cancel')}
          </button>
          <button type="submit" className="admin-payouts-button" disabled={busy} data-testid="admin-payouts-dialog-submit">
            {t(`admin_payouts_dialog_${action.kind}_submit`)}
          </button>
        </>
      }
    >
      <p data-testid="admin-payouts-dialog-text">{t(`admin_payouts_dialog_${action.kind}_text`, { vendor: who, amount, id: payout.payoutId })}</p>
      {action.kind === 'failed' && (
        <div className="admin-payouts-field">
          <label htmlFor="admin-payouts-reason">{t('admin_payouts_reason_label')}</label>
          <textarea id="admin-payouts-reason" data-testid="admin-payouts-reason" maxLength={500} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          <p className="admin-payouts-hint">{t('admin_payouts_reason_hint')}</p>
        </div>
      )}
      {error && (
        <Alert tone="error" detail={error.detail} testId="admin-payouts-dialog-error">
          {t('admin_payouts_action_failed', { message: error.message })}
        </Alert>
      )}
    </Dialog>
  );
}
