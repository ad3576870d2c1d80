import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { formatDayRange, formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { PayoutAction } from './api/act-on-payout';
import { usePayoutList, type AdminPayout, type AdminPayoutView } from './api/get-payouts';
import { formatPeriod, reasonKey } from './periods';

/** The bank batch downloads of the awaiting view: one button per period, all busy while one runs. */
export interface BankBatchDownloads {
  busy: boolean;
  start(periodId: string): void;
}

/** The Retry / Confirm buttons a payout has in its view. */
function PayoutActions({ view, payout, onAction }: { view: AdminPayoutView; payout: AdminPayout; onAction?: (action: PayoutAction) => void }) {
  const { t } = useAdminTranslation();
  return (
    <td className="card-wide admin-payouts-actions">
      {view === 'failed' && payout.status === 'failed' && (
        <button type="button" className="admin-payouts-button" data-testid="admin-payout-retry" onClick={() => onAction?.({ kind: 'retry', payout })}>
          {t('admin_payouts_retry')}
        </button>
      )}
      {view === 'awaiting' && payout.status === 'pending' && (
        <>
          <button type="button" className="admin-payouts-button" data-testid="admin-payout-confirm-paid" onClick={() => onAction?.({ kind: 'paid', payout })}>
            {t('admin_payouts_confirm_paid')}
          </button>
          <button type="button" className="admin-payouts-button admin-payouts-button-secondary" data-testid="admin-payout-confirm-failed" onClick={() => onAction?.({ kind: 'failed', payout })}>
            {t('admin_payouts_confirm_failed')}
          </button>
        </>
      )}
    </td>
  );
}

/** One payout: vendor and id, period, amounts, destination, status (with retries), and per view the reason, the time and the actions. */
function PayoutRow({ view, payout: p, onAction }: { view: AdminPayoutView; payout: AdminPayout; onAction?: (action: PayoutAction) => void }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const reason = p.failureReason ? (reasonKey(p.failureReason) ? t(reasonKey(p.failureReason)!) : p.failureReason) : '';
  const at = view === 'failed' ? p.updatedAt : p.submittedAt;
  const atLabel = t(view === 'failed' ? 'admin_payouts_col_failed_at' : 'admin_payouts_col_submitted_at');
  return (
    <tr data-testid={`admin-payout-${p.payoutId}`}>
      <th scope="row">
        <span className="admin-payouts-vendor">{p.vendorName ?? p.vendorId}</span>
        <span className="admin-payouts-id">{p.payoutId}</span>
      </th>
      <td data-label={t('admin_payouts_col_period')}>{formatDayRange(p.periodFrom, p.periodTo, format.language)}</td>
      {(['amount', 'fee', 'paid'] as const).map((col) => (
        <td key={col} className="numeric" data-label={t(`admin_payouts_col_${col}`)}>
          {formatMoney(col === 'amount' ? p.amountCents : col === 'fee' ? p.feeCents : p.paidCents, format.language)}
        </td>
      ))}
      <td data-label={t('admin_payouts_col_destination')}>
        {t(`admin_payouts_method_${p.method}`)} {p.destination}
      </td>
      <td data-label={t('admin_payouts_col_status')} data-testid="admin-payout-status">
        {t(`admin_payouts_status_${p.status}`)}
        {p.retryCount > 0 && <span className="admin-payouts-retries"> · {t('admin_payouts_retries', { count: p.retryCount })}</span>}
      </td>
      {view === 'failed' && (
        <td data-label={t('admin_payouts_col_reason')} data-testid="admin-payout-reason">
          {reason}
        </td>
      )}
      {view !== 'period' && <td data-label={atLabel}>{at ? format.dateTime(at) : ''}</td>}
      {view !== 'period' && <PayoutActions view={view} payout={p} onAction={onAction} />}
    </tr>
  );
}

function PayoutTable({ view, items, onAction }: { view: AdminPayoutView; items: readonly AdminPayout[]; onAction?: (action: PayoutAction) => void }) {
  const { t } = useAdminTranslation();
  return (
    <div className="table-scroll admin-payouts-table-wrap">
      <table className="data-table card-table admin-payouts-table" data-testid={`admin-payouts-${view}-table`}>
        <caption className="visually-hidden">{t(`admin_payouts_view_${view}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin_payouts_col_vendor')}</th>
            <th scope="col">{t('admin_payouts_col_period')}</th>
            {(['amount', 'fee', 'paid'] as const).map((col) => (
              <th key={col} scope="col" className="numeric">
                {t(`admin_payouts_col_${col}`)}
              </th>
            ))}
            <th scope="col">{t('admin_payouts_col_destination')}</th>
            <th scope="col">{t('admin_payouts_col_status')}</th>
            {view === 'failed' && <th scope="col">{t('admin_payouts_col_reason')}</th>}
            {view !== 'period' && <th scope="col">{t(view === 'failed' ? 'admin_payouts_col_failed_at' : 'admin_payouts_col_submitted_at')}</th>}
            {view !== 'period' && <th scope="col">{t('admin_payouts_col_actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <PayoutRow key={p.payoutId} view={view} payout={p} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A view's payouts with "Load more"; the awaiting view also offers each period's bank batch. */
export function PayoutList({ view, period, onAction, batch }: { view: AdminPayoutView; period?: string; onAction?: (action: PayoutAction) => void; batch?: BankBatchDownloads }) {
  const { t } = useAdminTranslation();
  const { language } = useAdminFormat();
  const describe = useErrorText();
  const list = usePayoutList(view, period ?? null);
  const failure = list.status === 'failed' ? describe(list.error) : null;
  const items = list.items.length ? list.items : list.previousItems;
  const batchPeriods = view === 'awaiting' ? [...new Set(items.map((p) => p.periodId))].sort() : [];
  return (
    <div className="admin-payouts-list" aria-busy={list.status === 'loading'}>
      {batch && batchPeriods.length > 0 && (
        <div className="admin-payouts-batches">
          {batchPeriods.map((p) => (
            <button key={p} type="button" className="admin-payouts-button" disabled={batch.busy} data-testid={`admin-payouts-batch-${p}`} onClick={() => batch.start(p)}>
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
      {items.length > 0 && <PayoutTable view={view} items={items} onAction={onAction} />}
      {list.hasMore && (
        <button type="button" className="admin-payouts-button" data-testid={`admin-payouts-${view}-more`} disabled={list.loadingMore} onClick={list.loadMore}>
          {t('admin_payouts_load_more')}
        </button>
      )}
    </div>
  );
}
