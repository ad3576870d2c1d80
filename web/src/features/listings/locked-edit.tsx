import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Edit for a product under review (spec §4: it cannot be edited, and a tooltip says so). The button
 * stays focusable (aria-disabled rather than disabled), so keyboard users reach it and hear why:
 * the reason is its description and shows as a tooltip on hover and focus (Escape hides it).
 */
export function LockedEditButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <span className="locked-edit" onMouseEnter={() => setVisible(true)} onMouseLeave={() => setVisible(false)}>
      <button
        type="button"
        className="text-button locked-edit-button"
        aria-disabled="true"
        aria-label={t('edit_product_label', { name })}
        aria-describedby={id}
        data-testid="product-edit-locked"
        onClick={(e) => e.preventDefault()}
        onFocus={() => setVisible(true)}
        onBlur={() => setVisible(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && visible) {
            e.stopPropagation();
            setVisible(false);
          }
        }}
      >
        {t('edit')}
      </button>
      <span id={id} role="tooltip" className="locked-edit-tooltip" hidden={!visible}>
        {t('product_under_review')}
      </span>
    </span>
  );
}
