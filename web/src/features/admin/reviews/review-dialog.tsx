import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { useAdminTranslation } from '../admin-i18n';

/**
 * The review's two decision dialogs (request changes, reject): a form whose footer is Cancel and the
 * decision's button, busy while the decision is sent. `name` is the dialog's part of its test ids
 * (`admin-review-<name>-dialog`, `-cancel`, `-confirm`) and text keys (`admin_review_<name>_title`,
 * `_confirm`).
 */
export function ReviewDialog({ name, tone, busy, onCancel, onSubmit, children }: { name: 'changes' | 'reject'; tone: 'primary' | 'danger'; busy: boolean; onCancel(): void; onSubmit(event: React.FormEvent<HTMLFormElement>): void; children: ReactNode }) {
  const { t } = useAdminTranslation();
  return (
    <Dialog
      title={t(`admin_review_${name}_title`)}
      onClose={onCancel}
      testId={`admin-review-${name}-dialog`}
      form={{ onSubmit }}
      footer={
        <>
          <button type="button" className="admin-action" onClick={onCancel} data-testid={`admin-review-${name}-cancel`}>
            {t('admin_review_cancel')}
          </button>
          <button type="submit" className={`admin-action admin-action-${tone}`} disabled={busy} data-testid={`admin-review-${name}-confirm`}>
            {busy ? t('admin_review_sending') : t(`admin_review_${name}_confirm`)}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
