import { useTranslation } from 'react-i18next';
import { useTooltip } from '../../components/use-tooltip';

/**
 * Edit for a product under review (spec §4: it cannot be edited, and a tooltip says so). The button
 * stays focusable (aria-disabled rather than disabled), so keyboard users reach it and hear why:
 * the reason is its description and shows as a tooltip on hover and focus (Escape hides it).
 */
export function LockedEditButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const tip = useTooltip();
  return (
    <span className="locked-edit" {...tip.wrapper}>
      <button
        type="button"
        className="text-button locked-edit-button"
        aria-disabled="true"
        aria-label={t('edit_product_label', { name })}
        data-testid="product-edit-locked"
        onClick={(e) => e.preventDefault()}
        {...tip.trigger}
      >
        {t('edit')}
      </button>
      <span className="locked-edit-tooltip" {...tip.tooltip}>
        {t('product_under_review')}
      </span>
    </span>
  );
}
