import { useTranslation } from 'react-i18next';
import type { BankDraft } from './payout-form';

/** The bank wizard's last step: what will be saved, the account number as its last four. */
export function BankReview({ draft, country, currency }: { draft: BankDraft; country(code: string): string; currency(code: string): string }) {
  const { t } = useTranslation();
  return (
    <dl className="payout-review" data-testid="bank-review">
      <dt>{t('bank_account_type')}</dt>
      <dd>{t(`account_type_${draft.accountType}`)}</dd>
      <dt>{t('bank_country')}</dt>
      <dd>{country(draft.country)}</dd>
      <dt>{t('bank_currency')}</dt>
      <dd>{currency(draft.currency)}</dd>
      <dt>{t('bank_address')}</dt>
      <dd>{[draft.street, draft.addressMore, `${draft.postalCode} ${draft.city}`, country(draft.businessCountry)].filter((s) => s.trim()).join(', ')}</dd>
      <dt>{t('bank_phone')}</dt>
      <dd>{draft.phone}</dd>
      <dt>{t('bank_bankName')}</dt>
      <dd>{draft.bankName}</dd>
      <dt>{t('bank_accountHolderName')}</dt>
      <dd>{draft.accountHolderName}</dd>
      <dt>{t('bank_accountNumber')}</dt>
      <dd>•••• {draft.accountNumber.replace(/\s+/g, '').slice(-4)}</dd>
      <dt>{t('bank_swiftBic')}</dt>
      <dd>{draft.swiftBic.toUpperCase()}</dd>
    </dl>
  );
}
