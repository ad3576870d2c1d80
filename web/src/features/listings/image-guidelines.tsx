import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_IMAGES } from '@contracts/listings/form';
import { Dialog } from '../../components/dialog';
import { MAX_IMAGE_MEGABYTES } from './image-accept';

export type GuidelinesKind = 'images' | 'label';

/**
 * The image guideline modals (spec §5). Product images: the primary image's rules (pure white
 * background, square frame, the product filling at least 85 %, no text, logos or watermarks) and the
 * note that only the first three are checked automatically (issue 15: text, logos and watermarks are
 * not), and the file rules in the stricter of the spec's two readings (JPEG, PNG, GIF or BMP, up to 5 MB each, up
 * to 10 images). The nutrition facts label: a readable photo of the whole label, the same file rules.
 */
export function ImageGuidelinesDialog({ kind, onClose }: { kind: GuidelinesKind; onClose(): void }) {
  const { t } = useTranslation();
  const files = t('guideline_files', { size: `${MAX_IMAGE_MEGABYTES} MB` });
  return (
    <Dialog
      title={kind === 'images' ? t('image_guidelines_title') : t('label_guidelines_title')}
      onClose={onClose}
      testId={kind === 'images' ? 'image-guidelines' : 'label-guidelines'}
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {kind === 'images' ? (
        <>
          <p className="dialog-intro">{t('guideline_primary_intro')}</p>
          <ul className="guideline-list">
            <li>{t('guideline_white_background')}</li>
            <li>{t('guideline_square')}</li>
            <li>{t('guideline_fill')}</li>
            <li>{t('guideline_no_text')}</li>
          </ul>
          <p className="guideline-note" data-testid="guideline-not-automatic">
            {t('guideline_not_automatic')}
          </p>
          <p className="guideline-subtitle">{t('guideline_files_intro')}</p>
          <ul className="guideline-list">
            <li>{files}</li>
            <li>{t('guideline_count', { max: MAX_PRODUCT_IMAGES })}</li>
          </ul>
        </>
      ) : (
        <>
          <p className="dialog-intro">{t('label_guideline_intro')}</p>
          <ul className="guideline-list">
            <li>{t('label_guideline_whole')}</li>
            <li>{t('label_guideline_readable')}</li>
            <li>{files}</li>
            <li>{t('label_guideline_required')}</li>
          </ul>
        </>
      )}
    </Dialog>
  );
}
