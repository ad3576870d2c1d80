import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';

/** Asks before an in-app navigation drops unsaved work (the pending step of lib/use-leave-guard.ts). */
export function UnsavedChangesDialog({ onStay, onLeave }: { onStay(): void; onLeave(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('unsaved_changes_title')}
      onClose={onStay}
      testId="unsaved-changes-dialog"
      footer={
        <>
          <Button onClick={onStay} data-testid="unsaved-changes-stay" data-autofocus>
            {t('unsaved_changes_stay')}
          </Button>
          <Button variation="destructive" onClick={onLeave} data-testid="unsaved-changes-leave">
            {t('unsaved_changes_leave')}
          </Button>
        </>
      }
    >
      <p>{t('unsaved_changes_body')}</p>
    </Dialog>
  );
}
