import { Link, useParams } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { AuditTrail } from '../audit-trail';
import { useVendor } from './api/get-vendor';
import { CommissionSection } from './commission-section';
import { MfaResetSection } from './mfa-reset-section';
import { VendorOrdersSection, VendorPayoutsSection } from './vendor-activity-sections';
import { VendorFactsSection, VendorProductsSection } from './vendor-facts-section';

/** A vendor at a glance: record, commission (editable), money, products, payouts, audit trail. */
export function VendorDetailPage() {
  const { vendorId = '' } = useParams();
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const detail = toResource(useVendor(vendorId));
  const data = detail.status === 'loaded' ? detail.data : detail.previous;
  const failure = detail.status === 'failed' ? describeError(detail.error) : null;
  usePageTitle(data ? data.vendor.vendorName : t('admin_vendors_detail_title'));

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
          <VendorFactsSection detail={data} />
          {data.vendor.status === 'pending' && (
            <p>
              <Link to={`/admin/applications/${encodeURIComponent(data.vendor.userId)}`}>{t('admin_vendors_open_application')}</Link>
            </p>
          )}
          <CommissionSection vendorKey={vendorId} detail={data} />
          <MfaResetSection vendorKey={vendorId} userId={data.vendor.userId} email={data.vendor.email} />
          <VendorProductsSection products={data.products} />
          <VendorOrdersSection orders={data.recentOrders} />
          <VendorPayoutsSection detail={data} />
          <section className="admin-card" aria-labelledby="admin-vendor-audit">
            <h2 id="admin-vendor-audit">{t('admin_apps_history')}</h2>
            <AuditTrail entries={data.audit} testId="admin-vendor-audit" />
          </section>
        </>
      )}
    </section>
  );
}
