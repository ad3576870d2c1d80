import { useForm } from 'react-hook-form';
import { SUPPORT_CATEGORIES, type SupportCategory } from '@contracts/support/categories';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useAdminTranslation } from '../admin-i18n';
import { FieldError, useFieldErrorText } from '../form-errors';
import type { InboxFilter } from './api/get-support-cases';

type FilterValues = { category: SupportCategory | ''; vendorId: string };

/** The list query's rule for a category and a vendor id (contracts/support/thread.ts adminSupportFilterFormSchema). */
const resolver = lazyZodResolver(() => import('@contracts/support/thread').then((m) => m.adminSupportFilterFormSchema));

/** The category and vendor filters: applied on "Apply" (a malformed vendor id is said by the field, not sent); "Clear" drops both. */
export function InboxFilterForm({ filter, onApply }: { filter: InboxFilter; onApply(next: InboxFilter): void }) {
  const { t } = useAdminTranslation();
  const fieldText = useFieldErrorText();
  const { register, handleSubmit, reset, formState } = useForm<FilterValues, unknown, FilterValues>({
    resolver,
    defaultValues: { category: filter.category, vendorId: filter.vendorId },
  });
  const vendorError = fieldText(formState.errors.vendorId && 'admin_support_vendor_invalid', 'admin_support_vendor_invalid');
  const apply = handleSubmit((values) => onApply({ ...filter, ...values }));
  const clear = () => {
    reset({ category: '', vendorId: '' });
    onApply({ status: filter.status, category: '', vendorId: '' });
  };
  return (
    <form className="admin-support-filter" onSubmit={(e) => void apply(e)} noValidate>
      <div className="admin-field">
        <label htmlFor="admin-support-category">{t('admin_support_filter_category')}</label>
        <select id="admin-support-category" {...register('category')} data-testid="admin-support-category">
          <option value="">{t('admin_support_filter_category_all')}</option>
          {SUPPORT_CATEGORIES.map((key) => (
            <option key={key} value={key}>
              {t(key)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="admin-support-vendor">{t('admin_support_filter_vendor')}</label>
        <input
          id="admin-support-vendor"
          {...register('vendorId')}
          placeholder="V-10001"
          autoComplete="off"
          aria-invalid={Boolean(vendorError)}
          aria-describedby={vendorError ? 'admin-support-vendor-error' : undefined}
          data-testid="admin-support-vendor"
        />
        <FieldError id="admin-support-vendor-error" text={vendorError} testId="admin-support-vendor-error" alert={false} />
      </div>
      <div className="admin-support-filter-actions">
        <button type="submit" className="admin-action admin-action-primary" data-testid="admin-support-apply">
          {t('admin_support_filter_apply')}
        </button>
        <button type="button" className="admin-action" onClick={clear} data-testid="admin-support-clear">
          {t('admin_support_filter_clear')}
        </button>
      </div>
    </form>
  );
}
