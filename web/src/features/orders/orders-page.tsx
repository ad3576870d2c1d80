import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';

/** Orders: the list arrives with the orders issue; until then the page says what it will hold. */
export default function OrdersPage() {
  const { t } = useTranslation();
  usePageTitle(t('orders_title'));
  return (
    <section className="page">
      <Heading level={1}>{t('orders_title')}</Heading>
      <Text>{t('orders_description')}</Text>
    </section>
  );
}
