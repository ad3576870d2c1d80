import { PRODUCT_TABS } from '@contracts/admin-values';
import { isLanguage, languageNameKey } from '../../../i18n/language';
import { formatCount, formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { VendorDetail } from './api/get-vendor';

/** The vendor record at a glance: id, e-mail, status, sign-up, language and balance. */
export function VendorFactsSection({ detail }: { detail: VendorDetail }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const { vendor } = detail;
  return (
    <dl className="admin-facts" data-testid="admin-vendor-facts">
      <div>
        <dt>{t('admin_vendors_col_id')}</dt>
        <dd>{vendor.vendorId ?? '—'}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_col_email')}</dt>
        <dd className="admin-break">{vendor.email}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_status')}</dt>
        <dd data-testid="admin-vendor-state">{t(`admin_apps_status_${vendor.status}`)}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_signed_up')}</dt>
        <dd>{format.instant(vendor.createdAt)}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_language')}</dt>
        <dd>{isLanguage(vendor.language) ? t(languageNameKey(vendor.language)) : vendor.language}</dd>
      </div>
      <div>
        <dt>{t('admin_vendors_balance')}</dt>
        <dd data-testid="admin-vendor-balance">{detail.balanceCents === null ? '—' : formatMoney(detail.balanceCents, format.language)}</dd>
      </div>
    </dl>
  );
}

/** How many products the vendor has in each state. */
export function VendorProductsSection({ products }: { products: VendorDetail['products'] }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  return (
    <section className="admin-card" aria-labelledby="admin-vendor-products">
      <h2 id="admin-vendor-products">{t('admin_vendors_products')}</h2>
      <dl className="admin-facts" data-testid="admin-vendor-products">
        {PRODUCT_TABS.map((tab) => (
          <div key={tab}>
            <dt>{t(`admin_vendors_products_${tab}`)}</dt>
            <dd data-testid={`admin-vendor-products-${tab}`}>{formatCount(products[tab], format.language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
