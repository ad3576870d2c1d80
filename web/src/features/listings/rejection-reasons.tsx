import { useTranslation } from 'react-i18next';
import { REJECTION_REASONS } from '@contracts/listings/model';

const isKnownReason = (reason: string): boolean => (REJECTION_REASONS as readonly string[]).includes(reason);

/** Why review rejected a product: known codes in the vendor's language (`rejection_<code>`), free text as the reviewer wrote it. */
export function RejectionReasons({ reasons }: { reasons: readonly string[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return <span className="muted">{t('rejection_no_reason')}</span>;
  return (
    <ul className="rejection-reasons" data-testid="product-rejection-reasons">
      {reasons.map((reason, i) => (
        <li key={`${i}-${reason}`} data-testid="product-rejection-reason">
          {isKnownReason(reason) ? t(`rejection_${reason}`) : reason}
        </li>
      ))}
    </ul>
  );
}
