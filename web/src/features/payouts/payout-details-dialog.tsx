import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatDayRange } from '../../lib/format';
import { usePayoutDetails } from './api/get-payout-details';
import { PayoutProducts, PayoutReconciliationLines } from './payout-details-sections';

/**
 * The details modal: the period, the lines that add up to Paid to you (gross sales, commission,
 * cancellations and adjustments, carried over, transfer fee — as the statement CSV has them), and
 * the products sold in the period with quantity and price.
 */
export function PayoutDetailsDialog({ payoutId, onClose }: { payoutId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const loadError = useLoadErrorProps();
  const language = languageToApply(i18n.language);
  const details = usePayoutDetails(payoutId);
  return (
    <Dialog
      title={t('payout_details_title')}
      onClose={onClose}
      testId="payout-details"
      footer={
        <Button onClick={onClose} data-testid="payout-details-close">
          {t('close')}
        </Button>
      }
    >
      <LoadStatus
        state={details.status === 'loaded' ? 'idle' : details.status}
        loadingText={t('loading_payout_details')}
        {...loadError(details, 'payout_details_failed')}
        retryLabel={t('try_again')}
        onRetry={details.retry}
        testId="payout-details-status"
      />
      {details.status === 'loaded' && (
        <>
          <dl className="payout-summary">
            <dt>{t('payout_period')}</dt>
            <dd data-testid="payout-details-period">{formatDayRange(details.data.periodFrom, details.data.periodTo, language)}</dd>
          </dl>
          <PayoutReconciliationLines reconciliation={details.data.reconciliation} />
          <PayoutProducts products={details.data.sales.products} />
        </>
      )}
    </Dialog>
  );
}
