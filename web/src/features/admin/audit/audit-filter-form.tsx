import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useAdminTranslation } from '../admin-i18n';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, auditActionKey } from './audit-filter';
import type { AuditAction, AuditTargetType } from '@contracts/audit';
import type { AuditFilter } from './api/get-audit-log';

/** The form as typed: '' for a filter not set. */
type FilterValues = { action: AuditAction | ''; actor: string; targetType: AuditTargetType | ''; targetId: string; from: string; to: string };

/** The filters' rules (contracts/audit.ts auditFilterFormSchema): a target needs both parts; a range may not end before it starts. */
const resolver = lazyZodResolver(() => import('@contracts/audit').then((m) => m.auditFilterFormSchema));

const valuesOf = (filter: AuditFilter): FilterValues => ({
  action: filter.action ?? '',
  actor: filter.actor ?? '',
  targetType: filter.targetType ?? '',
  targetId: filter.targetId ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
});
const EMPTY = valuesOf({});

/**
 * The log's filters: action, operator e-mail, target (type and id), a range of days (UTC). Applied on
 * "Apply"; "Clear" shows the whole log. A target id without a type, or a range that ends before it
 * starts, is said next to the field, not sent.
 */
export function AuditFilterForm({ filter, onApply }: { filter: AuditFilter; onApply: (next: AuditFilter) => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<FilterValues, unknown, AuditFilter>({ resolver, defaultValues: valuesOf(filter) });
  const problem = formState.errors.targetId ? 'target' : formState.errors.from ? 'range' : null;
  const submit = handleSubmit(onApply);
  const clear = () => {
    reset(EMPTY);
    onApply({});
  };
  return (
    <form className="admin-filters" onSubmit={(e) => void submit(e)} aria-label={t('admin_audit_filters')} data-testid="admin-audit-filters" noValidate>
      <label htmlFor={`${id}-action`}>
        {t('admin_audit_filter_action')}
        <select id={`${id}-action`} {...register('action')} data-testid="admin-audit-filter-action">
          <option value="">{t('admin_audit_filter_any_action')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(auditActionKey(action))}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-actor`}>
        {t('admin_audit_filter_actor')}
        <input id={`${id}-actor`} type="email" {...register('actor')} autoComplete="off" data-testid="admin-audit-filter-actor" />
      </label>
      <label htmlFor={`${id}-target-type`}>
        {t('admin_audit_filter_target_type')}
        <select id={`${id}-target-type`} {...register('targetType')} data-testid="admin-audit-filter-target-type">
          <option value="">{t('admin_audit_filter_any_target')}</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin_audit_target_${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-target-id`}>
        {t('admin_audit_filter_target_id')}
        <input
          id={`${id}-target-id`}
          {...register('targetId')}
          autoComplete="off"
          aria-invalid={problem === 'target'}
          aria-describedby={problem === 'target' ? `${id}-problem` : undefined}
          data-testid="admin-audit-filter-target-id"
        />
      </label>
      <label htmlFor={`${id}-from`}>
        {t('admin_audit_filter_from')}
        <input id={`${id}-from`} type="date" {...register('from')} aria-invalid={problem === 'range'} data-testid="admin-audit-filter-from" />
      </label>
      <label htmlFor={`${id}-to`}>
        {t('admin_audit_filter_to')}
        <input id={`${id}-to`} type="date" {...register('to')} aria-invalid={problem === 'range'} data-testid="admin-audit-filter-to" />
      </label>
      {problem && (
        <p id={`${id}-problem`} className="admin-field-error" role="alert" data-testid="admin-audit-filter-problem">
          {t(problem === 'target' ? 'admin_audit_filter_target_incomplete' : 'admin_audit_filter_range_reversed')}
        </p>
      )}
      <div className="admin-filter-actions">
        <button type="submit" className="admin-action admin-action-primary" data-testid="admin-audit-apply">
          {t('admin_audit_apply')}
        </button>
        <button type="button" className="admin-action" onClick={clear} data-testid="admin-audit-clear">
          {t('admin_audit_clear')}
        </button>
      </div>
    </form>
  );
}
