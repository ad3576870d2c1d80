import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { languageToApply } from '../../i18n/language';
import { intlLocale } from '../../lib/format';
import { BANK_COUNTRIES, CURRENCIES, type BankDraft } from './payout-form';
import { displayNames, PayoutField } from './payout-field';

type TextKey = Exclude<keyof BankDraft, 'confirmed' | 'accountType'>;

/** What a step's fields need: the registered field and what is said by each. */
export interface StepFieldsProps {
  field(key: keyof BankDraft): UseFormRegisterReturn;
  fieldErrors: Partial<Record<keyof BankDraft, string>>;
}

/** Countries and currencies by name in the vendor's language, with the code: "Germany (DE)". */
export function useBankLabels() {
  const { i18n } = useTranslation();
  const locale = intlLocale(languageToApply(i18n.language));
  const regions = displayNames(locale, 'region');
  const currencies = displayNames(locale, 'currency');
  return {
    country: (code: string) => `${regions?.of(code) ?? code} (${code})`,
    currency: (code: string) => `${currencies?.of(code) ?? code} (${code})`,
  };
}

function TextInput({ name, field, fieldErrors, hint, autoComplete, inputMode }: StepFieldsProps & { name: TextKey; hint?: string; autoComplete?: string; inputMode?: 'tel' }) {
  const { t } = useTranslation();
  return (
    <PayoutField label={t(`bank_${name}` as 'bank_phone')} optional={name === 'addressMore' ? t('optional') : undefined} error={fieldErrors[name]} hint={hint}>
      {(id, described) => <input id={id} {...field(name)} autoComplete={autoComplete} inputMode={inputMode} type={inputMode === 'tel' ? 'tel' : 'text'} {...described} data-testid={`bank-${name}`} />}
    </PayoutField>
  );
}

function SelectInput({ name, options, label, field, fieldErrors }: StepFieldsProps & { name: 'country' | 'currency' | 'businessCountry'; options: readonly string[]; label(code: string): string }) {
  const { t } = useTranslation();
  return (
    <PayoutField label={t(`bank_${name}` as 'bank_country')} error={fieldErrors[name]}>
      {(id, described) => (
        <select id={id} {...field(name)} {...described} data-testid={`bank-${name}`}>
          <option value="">{t('select_placeholder')}</option>
          {options.map((code) => (
            <option key={code} value={code}>
              {label(code)}
            </option>
          ))}
        </select>
      )}
    </PayoutField>
  );
}

/** Step 1: account type, bank country and currency. */
export function TypeStep(props: StepFieldsProps) {
  const { t } = useTranslation();
  const labels = useBankLabels();
  return (
    <>
      <fieldset className="payout-radio">
        <legend>{t('bank_account_type')}</legend>
        {(['business', 'personal'] as const).map((type) => (
          <label key={type}>
            <input type="radio" value={type} {...props.field('accountType')} data-testid={`bank-type-${type}`} />
            {t(`account_type_${type}`)}
          </label>
        ))}
      </fieldset>
      <SelectInput {...props} name="country" options={BANK_COUNTRIES} label={labels.country} />
      <SelectInput {...props} name="currency" options={CURRENCIES} label={labels.currency} />
    </>
  );
}

/** Step 2: the business's phone and address. */
export function BusinessStep(props: StepFieldsProps) {
  const { t } = useTranslation();
  const labels = useBankLabels();
  return (
    <>
      <TextInput {...props} name="phone" hint={t('bank_phone_hint')} autoComplete="tel" inputMode="tel" />
      <TextInput {...props} name="street" autoComplete="address-line1" />
      <TextInput {...props} name="addressMore" autoComplete="address-line2" />
      <TextInput {...props} name="city" autoComplete="address-level2" />
      <TextInput {...props} name="postalCode" autoComplete="postal-code" />
      <SelectInput {...props} name="businessCountry" options={BANK_COUNTRIES} label={labels.country} />
    </>
  );
}

/** Step 3: the account, and the vendor's confirmation that it is right. */
export function AccountStep(props: StepFieldsProps) {
  const { t } = useTranslation();
  const error = props.fieldErrors.confirmed;
  return (
    <>
      <TextInput {...props} name="bankName" />
      <TextInput {...props} name="accountHolderName" />
      <TextInput {...props} name="accountNumber" />
      <TextInput {...props} name="swiftBic" />
      <div className="payout-field">
        <label className="payout-confirm">
          <input type="checkbox" {...props.field('confirmed')} aria-invalid={error ? true : undefined} aria-describedby={error ? 'bank-confirmed-error' : undefined} data-testid="bank-confirmed" />
          {t('bank_confirm_details')}
        </label>
        {error && (
          <p id="bank-confirmed-error" className="payout-field-error" data-testid="bank-field-error">
            {error}
          </p>
        )}
      </div>
    </>
  );
}
