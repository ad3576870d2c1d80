import '../applications/applications.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import { ADMIN_VENDOR_STATUSES, PRODUCT_TABS } from '../../../../../contracts/admin-values';
import { ORDER_STATUSES } from '../../../../../contracts/orders';
import { PAYOUT_STATUSES } from '../../../../../contracts/payouts';
import { Alert } from '../../../components/alert';
import { LoadStatus } from '../../../components/load-status';
import { isLanguage, languageNameKey } from '../../../i18n/language';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-message';
import { formatCount, formatDay, formatMoney } from '../../../lib/format';
import { useCursorList } from '../../../lib/use-cursor-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { useAdminFormat } from '../applications/admin-format';
import { AuditTrail } from '../applications/audit-trail';
import { MfaResetCard } from './mfa-reset';
import { bpsToPercentText, getVendor, getVendors, percentToBps, putCommission, vendorsKeys, type VendorDetail, type VendorsPage } from './vendors-api';

/** /admin/vendors/*: the directory and a vendor's detail (issue 13). */
export default function VendorsScreen() {
  return (
    <Routes>
      <Route index element={<VendorDirectory />} />
      <Route path=":vendorId" element={<VendorDetailPage />} />
    </Routes>
  );
}

const vendorPath = (row: { vendorId: string | null; userId: string }) => `/admin/vendors/${encodeURIComponent(row.vendorId ?? row.userId)}`;

/** Search by name, e-mail or vendor id; filter by status; "Load more". The search lives in the URL. */
function VendorDirectory() {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const describeError = useErrorText();
  usePageTitle(t('admin_vendors_title'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = (ADMIN_VENDOR_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : '';
  const [text, setText] = useState(q);
  // The field follows the URL (back, forward, a link): reset while rendering, not in an effect.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  const list = useCursorList<VendorsPage['items'][number], VendorsPage>(vendorsKeys.list(q, status), (cursor, signal) => getVendors({ q, status }, cursor, signal));
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const rows = list.items.length ? list.items : list.previousItems;
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    if (status) next.set('status', status);
    setParams(next);
  };
  const setStatus = (value: string) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (value) next.set('status', value);
    setParams(next);
  };

  return (
    <section className="admin-page" aria-busy={list.status === 'loading'}>
      <h1>{t('admin_vendors_title')}</h1>
      <p className="admin-intro">{t('admin_vendors_intro')}</p>
      <form className="admin-search" role="search" onSubmit={search} data-testid="admin-vendors-search">
        <label className="admin-field">
          <span>{t('admin_vendors_search_label')}</span>
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('admin_vendors_search_placeholder')} data-testid="admin-vendors-q" />
        </label>
        <label className="admin-field">
          <span>{t('admin_vendors_status_label')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value)} data-testid="admin-vendors-status-filter">
            <option value="">{t('admin_vendors_status_all')}</option>
            {ADMIN_VENDOR_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin_apps_status_${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-action admin-action-primary" data-testid="admin-vendors-search-button">
          {t('admin_vendors_search')}
        </button>
      </form>
      <p className="admin-muted">{t('admin_vendors_search_help')}</p>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status === 'failed' ? 'failed' : 'loading'}
        loadingText={t('admin_vendors_loading')}
        errorText={failure ? t('admin_vendors_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        loadedText={t('admin_vendors_count', { formatted: formatCount(list.items.length, format.language) })}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="admin-vendors-status"
      />
      {list.status === 'loaded' && rows.length === 0 && (
        <p className="admin-empty" data-testid="admin-vendors-empty">
          {t('admin_vendors_empty')}
        </p>
      )}
      {rows.length > 0 && (
        <table className="admin-list-table" data-testid="admin-vendors-table">
          <caption className="visually-hidden">{t('admin_vendors_table_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin_apps_col_business')}</th>
              <th scope="col">{t('admin_vendors_col_id')}</th>
              <th scope="col">{t('admin_apps_col_email')}</th>
              <th scope="col">{t('admin_apps_status')}</th>
              <th scope="col">{t('admin_apps_signed_up')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.userId} data-testid="admin-vendors-row">
                <th scope="row" data-label={t('admin_apps_col_business')}>
                  <Link to={vendorPath(row)}>{row.vendorName}</Link>
                </th>
                <td data-label={t('admin_vendors_col_id')}>{row.vendorId ?? '—'}</td>
                <td data-label={t('admin_apps_col_email')} className="admin-break">
                  {row.email}
                </td>
                <td data-label={t('admin_apps_status')}>{t(`admin_apps_status_${row.status}`)}</td>
                <td data-label={t('admin_apps_signed_up')}>{format.instant(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.hasMore && (
        <p>
          <button type="button" className="admin-action" onClick={list.loadMore} disabled={list.loadingMore} data-testid="admin-vendors-more">
            {t('admin_vendors_load_more')}
          </button>
        </p>
      )}
    </section>
  );
}

/** A vendor at a glance: record, commission (editable), money, products, payouts, audit trail. */
function VendorDetailPage() {
  const { vendorId = '' } = useParams();
  const { t } = useAdminTranslation();
  // A status by its name (the vendor's own order words, the console's payout words), never its code;
  // '—' for a value this build does not know.
  const codeText = (known: readonly string[], code: string, prefix: string) => (known.includes(code) ? t(`${prefix}${code}`) : '—');
  const format = useAdminFormat();
  const describeError = useErrorText();
  const detail = toResource(useQuery({ queryKey: vendorsKeys.detail(vendorId), queryFn: ({ signal }) => getVendor(vendorId, signal) }));
  const data = detail.status === 'loaded' ? detail.data : detail.previous;
  const failure = detail.status === 'failed' ? describeError(detail.error) : null;
  usePageTitle(data ? data.vendor.vendorName : t('admin_vendors_detail_title'));
  const money = (cents: number) => formatMoney(cents, format.language);

  return (
    <section className="admin-page" aria-busy={detail.status === 'loading'}>
      <p>
        <Link to="/admin/vendors">{t('admin_vendors_back')}</Link>
      </p>
      <h1>{data ? data.vendor.vendorName : t('admin_vendors_detail_title')}</h1>
      <LoadStatus
        state={detail.status === 'loaded' ? 'idle' : detail.status}
        loadingText={t('admin_vendors_detail_loading')}
        errorText={failure ? t('admin_vendors_detail_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={detail.retry}
        testId="admin-vendor-status"
      />
      {data && (
        <>
          <dl className="admin-facts" data-testid="admin-vendor-facts">
            <div>
              <dt>{t('admin_vendors_col_id')}</dt>
              <dd>{data.vendor.vendorId ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_col_email')}</dt>
              <dd className="admin-break">{data.vendor.email}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_status')}</dt>
              <dd data-testid="admin-vendor-state">{t(`admin_apps_status_${data.vendor.status}`)}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_signed_up')}</dt>
              <dd>{format.instant(data.vendor.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('admin_apps_language')}</dt>
              <dd>{isLanguage(data.vendor.language) ? t(languageNameKey(data.vendor.language)) : data.vendor.language}</dd>
            </div>
            <div>
              <dt>{t('admin_vendors_balance')}</dt>
              <dd data-testid="admin-vendor-balance">{data.balanceCents === null ? '—' : money(data.balanceCents)}</dd>
            </div>
          </dl>
          {data.vendor.status === 'pending' && (
            <p>
              <Link to={`/admin/applications/${encodeURIComponent(data.vendor.userId)}`}>{t('admin_vendors_open_application')}</Link>
            </p>
          )}
          <CommissionCard vendorKey={vendorId} detail={data} />
          <MfaResetCard vendorKey={vendorId} userId={data.vendor.userId} email={data.vendor.email} />
          <section className="admin-card" aria-labelledby="admin-vendor-products">
            <h2 id="admin-vendor-products">{t('admin_vendors_products')}</h2>
            <dl className="admin-facts" data-testid="admin-vendor-products">
              {PRODUCT_TABS.map((tab) => (
                <div key={tab}>
                  <dt>{t(`admin_vendors_products_${tab}`)}</dt>
                  <dd data-testid={`admin-vendor-products-${tab}`}>{formatCount(data.products[tab], format.language)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="admin-card" aria-labelledby="admin-vendor-orders">
            <h2 id="admin-vendor-orders">{t('admin_vendors_recent_orders')}</h2>
            {data.recentOrders.length === 0 ? (
              <p className="admin-muted">{t('admin_vendors_no_orders')}</p>
            ) : (
              <table className="admin-list-table" data-testid="admin-vendor-orders">
                <thead>
                  <tr>
                    <th scope="col">{t('admin_vendors_order')}</th>
                    <th scope="col">{t('admin_vendors_placed')}</th>
                    <th scope="col">{t('admin_apps_status')}</th>
                    <th scope="col">{t('admin_vendors_total')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.recentOrders.map((order) => (
                    <tr key={order.orderId}>
                      <th scope="row" data-label={t('admin_vendors_order')}>
                        {order.orderNumber}
                      </th>
                      <td data-label={t('admin_vendors_placed')}>{format.instant(order.placedAt)}</td>
                      <td data-label={t('admin_apps_status')}>{codeText(ORDER_STATUSES, order.status, 'order_status_')}</td>
                      <td data-label={t('admin_vendors_total')}>{money(order.totalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="admin-card" aria-labelledby="admin-vendor-payouts">
            <h2 id="admin-vendor-payouts">{t('admin_vendors_payouts')}</h2>
            <p data-testid="admin-vendor-payout-method">
              {data.payoutMethod
                ? t('admin_vendors_payout_method', { method: t(`admin_vendors_method_${data.payoutMethod.method}`), destination: data.payoutMethod.destination, id: data.payoutMethod.payoutAccountId })
                : t('admin_vendors_no_payout_method')}
            </p>
            {data.payouts.length === 0 ? (
              <p className="admin-muted">{t('admin_vendors_no_payouts')}</p>
            ) : (
              <table className="admin-list-table" data-testid="admin-vendor-payout-history">
                <thead>
                  <tr>
                    <th scope="col">{t('admin_vendors_period')}</th>
                    <th scope="col">{t('admin_apps_status')}</th>
                    <th scope="col">{t('admin_vendors_amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.payouts.map((payout) => (
                    <tr key={payout.payoutId}>
                      <th scope="row" data-label={t('admin_vendors_period')}>
                        {`${formatDay(payout.periodFrom, format.language)} – ${formatDay(payout.periodTo, format.language)}`}
                      </th>
                      <td data-label={t('admin_apps_status')}>{codeText(PAYOUT_STATUSES, payout.status, 'admin_payouts_status_')}</td>
                      <td data-label={t('admin_vendors_amount')}>{money(payout.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="admin-card" aria-labelledby="admin-vendor-audit">
            <h2 id="admin-vendor-audit">{t('admin_apps_history')}</h2>
            <AuditTrail entries={data.audit} testId="admin-vendor-audit" />
          </section>
        </>
      )}
    </section>
  );
}

/** The commission rate in percent (up to 2 decimals), saved conditionally on the rate shown (stale → 409). */
function CommissionCard({ vendorKey, detail }: { vendorKey: string; detail: VendorDetail }) {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [text, setText] = useState(bpsToPercentText(detail.commission.rateBps));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string; detail?: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  // A new rate from the server (saved, or changed by someone else) replaces the field's text.
  const [shownRate, setShownRate] = useState(detail.commission.rateBps);
  if (shownRate !== detail.commission.rateBps) {
    setShownRate(detail.commission.rateBps);
    setText(bpsToPercentText(detail.commission.rateBps));
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const bps = percentToBps(text);
    if (bps === null) return setError(t('admin_vendors_commission_invalid'));
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      await putCommission(vendorKey, bps, detail.commission.storedRateBps);
      setNotice({ tone: 'success', text: t('admin_vendors_commission_saved', { rate: bpsToPercentText(bps) }) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setNotice({ tone: 'error', text: t('admin_vendors_commission_stale') });
      else {
        const { message, detail: raw } = describeError(err);
        setNotice({ tone: 'error', text: t('admin_vendors_commission_failed', { message }), detail: raw });
      }
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: vendorsKeys.detail(vendorKey) });
    }
  };

  return (
    <section className="admin-card" aria-labelledby={`${inputId}-title`} data-testid="admin-vendor-commission">
      <h2 id={`${inputId}-title`}>{t('admin_vendors_commission')}</h2>
      <p data-testid="admin-vendor-commission-current">
        {detail.commission.storedRateBps === null
          ? t('admin_vendors_commission_default', { rate: bpsToPercentText(detail.commission.rateBps) })
          : t('admin_vendors_commission_own', { rate: bpsToPercentText(detail.commission.rateBps) })}
      </p>
      <p className="admin-muted">{t('admin_vendors_commission_future')}</p>
      {notice && (
        <Alert tone={notice.tone} detail={notice.detail} onDismiss={() => setNotice(null)} dismissLabel={t('admin_apps_dismiss')} testId="admin-vendor-commission-notice">
          {notice.text}
        </Alert>
      )}
      <form className="admin-search" onSubmit={(e) => void save(e)} noValidate>
        <label className="admin-field" htmlFor={inputId}>
          <span>{t('admin_vendors_commission_label')}</span>
        </label>
        <div className="admin-percent">
          <input
            id={inputId}
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            data-testid="admin-vendor-commission-input"
          />
          <span aria-hidden="true">%</span>
        </div>
        <button type="submit" className="admin-action admin-action-primary" disabled={busy} data-testid="admin-vendor-commission-save">
          {t('admin_vendors_commission_save')}
        </button>
      </form>
      {error && (
        <p id={`${inputId}-error`} className="admin-field-error" role="alert" data-testid="admin-vendor-commission-error">
          {error}
        </p>
      )}
    </section>
  );
}
