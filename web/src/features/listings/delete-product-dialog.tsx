import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ProductTab, ProductView } from '@contracts/listings/model';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useErrorText } from '../../lib/error-message';
import { useDeleteProduct } from './api/delete-product';
import type { RemoveKind } from './product-list';

/** The texts of each kind of deletion (i18n keys). */
export const REMOVE_TEXT: Record<RemoveKind, { title: string; body: string; confirm: string; failed: string; done: string; testId: string }> = {
  draft: { title: 'delete_draft_title', body: 'delete_draft_body', confirm: 'delete_draft', failed: 'delete_draft_failed', done: 'draft_deleted', testId: 'delete-draft' },
  product: { title: 'delete_product_title', body: 'delete_product_body', confirm: 'delete_product', failed: 'delete_product_failed', done: 'product_deleted', testId: 'delete-product' },
  changes: { title: 'discard_changes_title', body: 'discard_changes_body', confirm: 'discard_changes', failed: 'discard_changes_failed', done: 'changes_discarded', testId: 'discard-changes' },
};

interface DeleteProductDialogProps {
  product: ProductView;
  tab: ProductTab;
  kind: RemoveKind;
  name: string;
  onClose(): void;
  onDeleted(): void;
}

/**
 * Delete with confirmation (`DELETE /api/products/{id}`): a draft, a rejected product that was never
 * published, or the rejected changes of a published product. Whatever is live stays (the dialog says so).
 * Gone from this tab either way (deleted, 204, or its revision discarded, 200): useDeleteProduct takes
 * the row out of the list on screen.
 */
export function DeleteProductDialog({ product, tab, kind, name, onClose, onDeleted }: DeleteProductDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useDeleteProduct(tab);
  const text = REMOVE_TEXT[kind];
  const failed = remove.error ? errorText(remove.error) : null;
  return (
    <Dialog
      title={t(text.title)}
      onClose={() => !remove.isPending && onClose()}
      testId={`${text.testId}-dialog`}
      footer={
        <>
          <Button onClick={onClose} isDisabled={remove.isPending} data-autofocus>
            {t('cancel')}
          </Button>
          <Button
            variation="destructive"
            onClick={() => remove.mutate(product.productId, { onSuccess: onDeleted })}
            isLoading={remove.isPending}
            loadingText={t(kind === 'changes' ? 'discarding' : 'deleting')}
            data-testid={`${text.testId}-confirm`}
          >
            {t(text.confirm)}
          </Button>
        </>
      }
    >
      {failed && (
        <Alert tone="error" detail={failed.detail}>
          {t(text.failed, { message: failed.message })}
        </Alert>
      )}
      <p>{t(text.body, { name })}</p>
      {product.live && <p className="muted">{t('delete_draft_live_note')}</p>}
    </Dialog>
  );
}
