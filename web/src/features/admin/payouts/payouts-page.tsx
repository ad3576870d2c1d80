import '../../../components/data-table.css';
import './payouts.css';
import { useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useDownload } from '../../../lib/use-download';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { PayoutAction } from './api/act-on-payout';
import { downloadBankBatch } from './api/download-bank-batch';
import type { AdminPayoutView } from './api/get-payouts';
import { PayoutActionDialog } from './payout-action-dialog';
import { PayoutList } from './payout-list';
import { PeriodView } from './period-view';
import { formatPeriod, isPeriodId, marketplaceToday, recentPeriods, viewOf } from './periods';

const VIEWS: readonly AdminPayoutView[] = ['period', 'failed', 'awaiting'];

/** The bank batch download (lib/use-download.ts: busy, done or failed; a new one cancels the last) of the period chosen. */
function useBankBatch() {
  const chosen = useRef('');
  const download = useDownload(useCallback((signal: AbortSignal) => downloadBankBatch(chosen.current, signal), []));
  const start = (periodId: string) => {
    chosen.current = periodId;
    void download.run();
  };
  return { ...download, start, busy: download.state.kind === 'busy' };
}

/** What the page says last: an action done (role="status"), a batch downloaded, or a batch that failed. */
function PayoutsNotice({ done, batch, onDismiss }: { done: string | null; batch: ReturnType<typeof useBankBatch>; onDismiss(): void }) {
  const { t } = useAdminTranslation();
  const { language } = useAdminFormat();
  const describe = useErrorText();
  const { state } = batch;
  const text = done ?? (state.kind === 'done' ? t('admin_payouts_batch_downloaded', { count: state.result.rows, period: formatPeriod(state.result.periodId, language) }) : null);
  if (text)
    return (
      <p className="admin-payouts-notice" role="status" data-testid="admin-payouts-notice">
        {text}
      </p>
    );
  if (state.kind !== 'failed') return null;
  const failure = describe(state.error);
  return (
    <Alert tone="error" detail={failure.detail} onDismiss={onDismiss} dismissLabel={t('dismiss')} testId="admin-payouts-error">
      {t('admin_payouts_batch_failed', { message: failure.message })}
    </Alert>
  );
}

/**
 * /admin/payouts (issue 13, screen 5): a period's figures and payouts, failed payouts with Retry and
 * bank transfers awaiting confirmation with Confirm paid / Confirm failed and the bank batch download.
 * `?status=failed` and `?status=awaiting` are the Overview's links; `?period=` picks the period.
 */
export default function AdminPayoutsPage() {
  const { t } = useAdminTranslation();
  const { timeZone } = useAdminFormat();
  usePageTitle(t('admin_payouts_title'));
  const [params] = useSearchParams();
  const view = viewOf(params.get('status'));
  const periods = recentPeriods(marketplaceToday(timeZone ?? null));
  const requested = params.get('period');
  const period = isPeriodId(requested) ? requested : periods[0]!;
  const [done, setDone] = useState<string | null>(null);
  const [action, setAction] = useState<PayoutAction | null>(null);
  const batch = useBankBatch();
  const quiet = () => {
    setDone(null);
    batch.reset();
  };
  const hrefOf = (v: AdminPayoutView) => (v === 'period' ? `/admin/payouts?period=${period}` : `/admin/payouts?status=${v}`);

  return (
    <section className="admin-page admin-payouts" aria-labelledby="admin-payouts-heading">
      <h1 id="admin-payouts-heading">{t('admin_payouts_title')}</h1>
      <p className="admin-intro">{t('admin_payouts_intro')}</p>
      <nav aria-label={t('admin_payouts_views')}>
        <ul className="admin-payouts-views">
          {VIEWS.map((v) => (
            <li key={v}>
              <Link to={hrefOf(v)} aria-current={v === view ? 'page' : undefined} data-testid={`admin-payouts-view-${v}`} onClick={quiet}>
                {t(`admin_payouts_view_${v}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PayoutsNotice done={done} batch={batch} onDismiss={batch.reset} />
      {view === 'period' && <PeriodView period={period} periods={periods} />}
      {view !== 'period' && <PayoutList view={view} onAction={setAction} batch={{ busy: batch.busy, start: (p) => (setDone(null), batch.start(p)) }} />}
      {action && (
        <PayoutActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={(text) => {
            setAction(null);
            batch.reset();
            setDone(text);
          }}
        />
      )}
    </section>
  );
}
