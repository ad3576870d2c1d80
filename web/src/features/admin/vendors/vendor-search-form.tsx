import { useForm } from 'react-hook-form';
import { ADMIN_VENDOR_STATUSES } from '@contracts/admin-values';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useAdminTranslation } from '../admin-i18n';
import type { VendorSearch } from './api/get-vendors';

/** The form's rule: the directory query's (contracts/admin-vendors.ts vendorSearchFormSchema). */
const resolver = lazyZodResolver(() => import('@contracts/admin-vendors').then((m) => m.vendorSearchFormSchema));

/**
 * Search by name, e-mail or vendor id (on Search) and filter by status (at once). The fields follow
 * the search in the URL (back, forward, a link).
 */
export function VendorSearchForm({ search, onSearch }: { search: VendorSearch; onSearch(next: VendorSearch): void }) {
  const { t } = useAdminTranslation();
  const { register, handleSubmit } = useForm<VendorSearch, unknown, VendorSearch>({ resolver, values: search });
  const submit = handleSubmit((values) => onSearch({ q: values.q, status: search.status }));
  const status = register('status', { onChange: (event: { target: { value: string } }) => onSearch({ q: search.q, status: ADMIN_VENDOR_STATUSES.find((s) => s === event.target.value) ?? '' }) });
  return (
    <form className="admin-search" role="search" onSubmit={(e) => void submit(e)} data-testid="admin-vendors-search">
      <label className="admin-field">
        <span>{t('admin_vendors_search_label')}</span>
        <input type="search" maxLength={200} {...register('q')} placeholder={t('admin_vendors_search_placeholder')} data-testid="admin-vendors-q" />
      </label>
      <label className="admin-field">
        <span>{t('admin_vendors_status_label')}</span>
        <select {...status} data-testid="admin-vendors-status-filter">
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
  );
}
