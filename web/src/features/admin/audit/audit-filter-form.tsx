import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, auditActionKey, type AuditFilter } from './audit-api';
import { useAdminTranslation } from '../admin-i18n';

/**
 * The log's filters: action, operator e-mail, target (type and id), a range of days (UTC). Applied on
 * "Apply"; "Clear" shows the whole log. A target id without a type, or a range that ends before it
 * starts, is said next to the field, not sent.
 */
export function AuditFilterForm({ filter, onApply }: { filter: AuditFilter; onApply: (next: AuditFilter) => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Record<keyof AuditFilter, string>>(() => ({
    action: filter.action ?? '',
    actor: filter.actor ?? '',
    targetType: filter.targetType ?? '',
    targetId: filter.targetId ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
  }));
  const [problem, setProblem] = useState<'target' | 'range' | null>(null);
  const set = (key: keyof AuditFilter) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const targetId = draft.targetId.trim();
    if (Boolean(draft.targetType) !== Boolean(targetId)) return setProblem('target');
    if (draft.from && draft.to && draft.from > draft.to) return setProblem('range');
    setProblem(null);
    const next: AuditFilter = {};
    if (draft.action) next.action = draft.action as AuditFilter['action'];
    if (draft.actor.trim()) next.actor = draft.actor.trim().toLowerCase();
    if (draft.targetType && targetId) Object.assign(next, { targetType: draft.targetType, targetId });
    if (draft.from) next.from = draft.from;
    if (draft.to) next.to = draft.to;
    onApply(next);
  };
  const clear = () => {
    setDraft({ action: '', actor: '', targetType: '', targetId: '', from: '', to: '' });
    setProblem(null);
    onApply({});
  };

  return (
    <form className="admin-filters" onSubmit={submit} aria-label={t('admin_audit_filters')} data-testid="admin-audit-filters" noValidate>
      <label htmlFor={`${id}-action`}>
        {t('admin_audit_filter_action')}
        <select id={`${id}-action`} value={draft.action} onChange={set('action')} data-testid="admin-audit-filter-action">
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
        <input id={`${id}-actor`} type="email" value={draft.actor} onChange={set('actor')} autoComplete="off" data-testid="admin-audit-filter-actor" />
      </label>
      <label htmlFor={`${id}-target-type`}>
        {t('admin_audit_filter_target_type')}
        <select id={`${id}-target-type`} value={draft.targetType} onChange={set('targetType')} data-testid="admin-audit-filter-target-type">
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
          value={draft.targetId}
          onChange={set('targetId')}
          autoComplete="off"
          aria-invalid={problem === 'target'}
          aria-describedby={problem === 'target' ? `${id}-problem` : undefined}
          data-testid="admin-audit-filter-target-id"
        />
      </label>
      <label htmlFor={`${id}-from`}>
        {t('admin_audit_filter_from')}
        <input id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} aria-invalid={problem === 'range'} data-testid="admin-audit-filter-from" />
      </label>
      <label htmlFor={`${id}-to`}>
        {t('admin_audit_filter_to')}
        <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} aria-invalid={problem === 'range'} data-testid="admin-audit-filter-to" />
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
