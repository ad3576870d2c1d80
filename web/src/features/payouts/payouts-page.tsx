import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';

/** Payouts: the payout method and history arrive with the payouts issue; until then the page says what it will hold. */
export default function PayoutsPage() {
  const { t } = useTranslation();
  usePageTitle(t('payouts_title'));
  return (
    <section className="page">
      <Heading level={1}>{t('payouts_title')}</Heading>
      <Text>{t('payouts_description')}</Text>
    </section>
  );
}
