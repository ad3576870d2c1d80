import { useTranslation } from 'react-i18next';
import type { ProductView } from '@contracts/listings/model';
import { RejectionReasons } from './rejection-reasons';

/** The working revision when it was rejected: a rejected version saved again as a draft keeps the reasons (the server keeps them), still "Resubmit". */
export function rejectedRevision(product: ProductView | null) {
  const revision = product?.revision ?? null;
  return revision && (revision.state === 'rejected' || revision.rejectionReasons.length > 0) ? revision : null;
}

/** What the form says about the product above its fields: a live version stays while this one is edited; review's reasons or note. */
export function ProductFormNotices({ product }: { product: ProductView | null }) {
  const { t } = useTranslation();
  const rejected = rejectedRevision(product);
  const note = product?.revision?.changesRequestedNote;
  return (
    <>
      {product?.live && (
        <p className="form-notice" data-testid="live-version-notice">
          {t('live_version_notice')}
        </p>
      )}
      {rejected && (
        <div className="form-notice form-notice-rejected" data-testid="rejected-notice">
          <p>{t('rejected_notice')}</p>
          <RejectionReasons reasons={rejected.rejectionReasons} />
        </div>
      )}
      {note && (
        <div className="form-notice form-notice-rejected" data-testid="changes-requested-notice">
          <p>{t('changes_requested_notice')}</p>
          <p className="changes-requested-note">{note}</p>
        </div>
      )}
      <p className="muted">{t('form_requirements')}</p>
    </>
  );
}
