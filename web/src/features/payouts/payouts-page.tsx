import '../../components/empty-state.css';
import './payouts.css';
import { Button, Heading, Text } from '@aws-amplify/ui-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatDay, formatInstant, formatMoney, formatMonth } from '../../lib/format';
import { queryKeys } from '../../lib/query-client';
import { useResource } from '../../lib/use-resource';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { PayoutDetailsDialog } from './payout-details-dialog';
import { isMonth, periodMonths } from './payout-form';
import { SavedNotice } from './saved-notice';
import { getPayoutMethod, getPayouts, type PayoutMethodView } from './payouts-api';
import { PayoutsTable } from './payouts-table';

/**
 * The payout-method forms (react-hook-form and the destination schema's zod) are a chunk of their own,
 * fetched as the page loads its data: the page does not wait for it, and its Set up buttons show once
 * the forms can open at once (or, should the chunk fail, fetch it again when pressed).
 */
const loadMethodForms = () => import('./payout-method-forms');
type MethodForms = Awaited<ReturnType<typeof loadMethodForms>>;

type Editing = 'none' | 'email' | 'bank';

/** The history's period filter (`?period=2026-11`); an unusable one is dropped from the URL. */
const parsePeriod = (params: URLSearchParams): string | undefined => {
  const raw = params.get('period');
  return isMonth(raw) ? raw : undefined;
};
const periodSearchParams = (period: string | undefined, params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (period === undefined) next.delete('period');
  return next;
};

/**
 * Payouts (spec §2, issue 6): payout information (method and masked destination, next payout, balance,
 * minimum and fee, the hold after a change), the e-mail form and the bank-account wizard, and recent
 * payouts with the period filter in the URL, a details modal and a statement CSV per payout.
 */
export default function PayoutsPage() {
  const { t, i18n } = useTranslation();
  const loadError = useLoadErrorProps();
  const language = languageToApply(i18n.language);
  usePageTitle(t('payouts_title'));
  const { query: period, params, setParams } = useUrlQuery(parsePeriod, periodSearchParams);
  const [forms, setForms] = useState<MethodForms | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadMethodForms().then(
      (m) => live && setForms(m),
      () => live && setForms('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const queryClient = useQueryClient();
  const method = useResource(useQuery({ queryKey: queryKeys.payouts.method, queryFn: ({ signal }) => getPayoutMethod(signal) }));
  // A new period keeps the table of the one before on screen, marked busy, until its answer arrives.
  const payouts = useResource(useQuery({ queryKey: queryKeys.payouts.list(period), queryFn: ({ signal }) => getPayouts(period, signal), placeholderData: keepPreviousData }));
  const [editing, setEditing] = useState<Editing>('none');
  const [savedKind, setSavedKind] = useState<'email' | 'bank' | null>(null);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);

  // While the method loads again (after a save) the saved answer stays shown.
  const current = method.status === 'loaded' ? method.data : method.previous;
  const list = payouts.status === 'loaded' ? payouts.data : payouts.status === 'loading' ? payouts.previous : undefined;
  const money = (cents: number) => formatMoney(cents, language);
  const monthLabel = (month: string) => formatMonth(month, language);

  // The PUT's answer is shown at once; the method is then invalidated, so the page reads it back from the server.
  const onSaved = (kind: 'email' | 'bank') => (view: PayoutMethodView) => {
    queryClient.setQueryData(queryKeys.payouts.method, view);
    void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.method });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me }); // its payout account id
    setSavedKind(kind);
    setEditing('none');
  };
  // The API sends holdUntil only while payouts are held (docs/api.md).
  const edit = (kind: Editing) => {
    setSavedKind(null);
    setEditing(kind);
    if (forms === 'failed') loadMethodForms().then(setForms, () => undefined);
  };
  const Forms = forms === 'failed' ? null : forms;
  const holdUntil = current?.holdUntil ?? null;

  return (
    <section className="page payouts" aria-labelledby="payouts-heading">
      <Heading level={1} id="payouts-heading">
        {t('payouts_title')}
      </Heading>
      <Text className="muted">{t('payouts_description')}</Text>

      <section className="payouts-card" aria-labelledby="payout-info-heading" data-testid="payout-info">
        <Heading level={2} id="payout-info-heading">
          {t('payout_information')}
        </Heading>
        <LoadStatus
          state={method.status === 'failed' ? 'failed' : current ? 'idle' : 'loading'}
          loadingText={t('loading_payout_method')}
          {...loadError(method, 'payout_method_load_failed')}
          retryLabel={t('try_again')}
          onRetry={method.retry}
          testId="payout-method-status"
        />
        {savedKind && <SavedNotice kind={savedKind} onDismiss={() => setSavedKind(null)} />}
        <dl className="payout-summary">
          <dt>{t('payout_method')}</dt>
          <dd data-testid="payout-method">
            {current ? (current.method ? `${t(`payout_method_${current.method}`)}: ${current.destination ?? ''}` : t('payout_method_none')) : '…'}
          </dd>
          {current?.payoutAccountId && (
            <>
              <dt>{t('payout_account')}</dt>
              <dd data-testid="payout-account-id">{current.payoutAccountId}</dd>
            </>
          )}
          <dt>{t('next_payout')}</dt>
          <dd data-testid="payout-next-date">{list ? formatDay(list.nextPayoutDate, language, 'long') : '…'}</dd>
          <dt>{t('current_balance')}</dt>
          <dd data-testid="payout-balance">{list ? money(list.balanceCents) : '…'}</dd>
        </dl>
        {list ? (
          <p className="muted" data-testid="payout-rules">
            {t('payout_rules', { minimum: money(list.minimumPayoutCents), fee: money(list.feeCents) })}
          </p>
        ) : (
          // The sentence's place is kept while the figures load, so the cards below do not jump.
          <p className="muted" aria-hidden="true">
            {t('payout_rules', { minimum: '…', fee: '…' })}
          </p>
        )}
        {list && list.balanceCents < list.minimumPayoutCents && (
          <p className="muted" data-testid="payout-below-minimum">
            {t('balance_below_minimum', { minimum: money(list.minimumPayoutCents) })}
          </p>
        )}
        {holdUntil && current && (
          <p className="payout-hold" data-testid="payout-hold">
            {t('payout_hold_notice', {
              days: current.holdDays,
              until: formatInstant(holdUntil, language, list?.timeZone),
            })}
          </p>
        )}
        {editing === 'none' && !(current && forms) && method.status !== 'failed' && (
          // The buttons' place, kept (invisible, out of the tab order) until they can be used.
          <div className="payout-form-actions payout-actions-pending" aria-hidden="true" inert>
            <Button tabIndex={-1}>{current?.method === 'email' ? t('change_payout_email') : t('use_payout_email')}</Button>
            <Button tabIndex={-1}>{current?.method === 'bank' ? t('change_bank_account') : t('add_bank_account')}</Button>
          </div>
        )}
        {editing === 'none' && current && forms && (
          <div className="payout-form-actions">
            <Button onClick={() => edit('email')} data-testid="payout-setup-email">
              {current.method === 'email' ? t('change_payout_email') : t('use_payout_email')}
            </Button>
            <Button onClick={() => edit('bank')} data-testid="payout-setup-bank">
              {current.method === 'bank' ? t('change_bank_account') : t('add_bank_account')}
            </Button>
          </div>
        )}
        {Forms && editing === 'email' && <Forms.EmailMethodForm initial={current?.email} onSaved={onSaved('email')} onCancel={() => setEditing('none')} />}
        {Forms && editing === 'bank' && <Forms.BankWizard onSaved={onSaved('bank')} onCancel={() => setEditing('none')} />}
      </section>

      <section className="payouts-card" aria-labelledby="payout-history-heading">
        <Heading level={2} id="payout-history-heading">
          {t('recent_payouts')}
        </Heading>
        <div className="payout-filter">
          <label htmlFor="payout-period">{t('payout_period_filter')}</label>
          <select
            id="payout-period"
            value={period ?? 'all'}
            data-testid="payout-period"
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value === 'all') next.delete('period');
              else next.set('period', e.target.value);
              setParams(next);
            }}
          >
            <option value="all">{t('all_periods')}</option>
            {(period && !periodMonths().includes(period) ? [period, ...periodMonths()] : periodMonths()).map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </select>
        </div>
        <LoadStatus
          state={payouts.status === 'loaded' ? 'idle' : payouts.status}
          loadingText={t('loading_payouts')}
          errorText={payouts.status === 'failed' ? t('failed_to_fetch_payouts') : undefined}
          retryLabel={t('try_again')}
          onRetry={payouts.retry}
          testId="payouts-status"
        />
        {payouts.status !== 'failed' && list && list.payouts.length === 0 && payouts.status === 'loaded' && (
          <p className="empty-state-title" data-testid="payouts-empty">
            {period ? t('no_payouts_in_period') : t('no_payouts_yet')}
          </p>
        )}
        {payouts.status !== 'failed' && list && list.payouts.length > 0 && (
          <PayoutsTable payouts={list.payouts} busy={payouts.status === 'loading'} onDetails={setDetailsOf} />
        )}
      </section>
      {detailsOf && <PayoutDetailsDialog payoutId={detailsOf} onClose={() => setDetailsOf(null)} />}
    </section>
  );
}
