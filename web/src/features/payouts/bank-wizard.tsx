import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bankStepSchema } from '../../../../contracts/payout-destination';
import { ErrorDetail } from '../../components/error-detail';
import { languageToApply } from '../../i18n/language';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-message';
import { intlLocale } from '../../lib/format';
import {
  BANK_COUNTRIES,
  bankBody,
  CURRENCIES,
  emptyBankDraft,
  serverProblem,
  stepFieldProblems,
  stepProblem,
  WIZARD_STEPS,
  type BankDraft,
  type PayoutMessageKey,
  type WizardStep,
} from './payout-form';
import { BankReview } from './bank-review';
import { displayNames, PayoutField } from './payout-field';
import { putPayoutMethod, type PayoutMethodView } from './payouts-api';
import { useStepUp } from '../../components/two-step/use-step-up';

type TextKey = Exclude<keyof BankDraft, 'confirmed' | 'accountType'>;

/** The server's schema for one step (payout-destination.ts); the review step has nothing to check. */
async function checkStep(step: WizardStep, values: BankDraft): Promise<FieldErrors<BankDraft>> {
  if (step === 'review') return {};
  const result = await zodResolver(bankStepSchema(step), undefined, { raw: true })(values, undefined, { shouldUseNativeValidation: false, fields: {} });
  return result.errors as FieldErrors<BankDraft>;
}

/**
 * The bank-account wizard (spec §3): type + bank country + currency → business details → account
 * details with the confirmation → review → confirm and add. Each step is checked where its fields
 * are typed, with the server's own schema for that step (react-hook-form + `bankStepSchema`,
 * contracts/payout-destination.ts, over bank-rules.ts): the spec's message for the step,
 * every wrong field marked with its own message next to it, and the focus on the first one. A server
 * 400 goes back to the step (and field) it names, with its message.
 */
export function BankWizard({ onSaved, onCancel }: { onSaved(method: PayoutMethodView): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const locale = intlLocale(languageToApply(i18n.language));
  const regions = displayNames(locale, 'region');
  const currencies = displayNames(locale, 'currency');
  const [step, setStep] = useState<WizardStep>('type');
  // The step being left: react-hook-form validates with that step's schema (set in the submit handler).
  const checking = useRef<WizardStep>('type');
  const [resolver] = useState<Resolver<BankDraft>>(() => async (values: BankDraft) => {
    const errors = await checkStep(checking.current, values);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  });
  const { register, handleSubmit, control } = useForm<BankDraft>({ resolver, defaultValues: emptyBankDraft() });
  // What is said follows the values as they are typed (the same schema, run at once: react-hook-form's errors settle a tick later).
  const draft: BankDraft = { ...emptyBankDraft(), ...useWatch({ control }) };
  // The step the vendor tried to leave: from then on its fields are checked as they change.
  const [attempted, setAttempted] = useState<WizardStep | null>(null);
  // What the server refused (until the vendor changes that field, or leaves the step again).
  const [serverIssue, setServerIssue] = useState<{ step: WizardStep; key: PayoutMessageKey; field?: keyof BankDraft } | null>(null);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  // Issue 14: the change needs two-step verification on and a recent sign-in (the server's 403s open the dialogs).
  const stepUp = useStepUp();
  const index = WIZARD_STEPS.indexOf(step);
  const focusAfterStep = useRef<keyof BankDraft | null>(null);
  // The wizard, and each new step, takes the focus on the step's title, so keyboard and screen-reader
  // users start at its top; back on a step for a field the server refused, on that field.
  const stepRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = focusAfterStep.current;
    focusAfterStep.current = null;
    // The field by its name (react-hook-form's setFocus waits a tick; the focus moves with the step).
    (field ? formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`) : stepRef.current)?.focus();
  }, [step]);

  const local = attempted === step ? stepFieldProblems(step, draft) : {};
  const fieldErrors: Partial<Record<keyof BankDraft, string>> = Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(key)]));
  if (serverIssue?.step === step && serverIssue.field && !fieldErrors[serverIssue.field]) fieldErrors[serverIssue.field] = t(serverIssue.key);
  const localProblem = attempted === step ? stepProblem(step, draft) : null;
  const problem = localProblem ? t(localProblem) : serverIssue?.step === step ? t(serverIssue.key) : null;

  // A field the server refused is said until the vendor changes it.
  const field = (key: keyof BankDraft) =>
    register(key, {
      onChange: () => {
        if (serverIssue?.field === key) setServerIssue(null);
      },
    });
  const country = (code: string) => `${regions?.of(code) ?? code} (${code})`;
  const currency = (code: string) => `${currencies?.of(code) ?? code} (${code})`;
  const text = (key: TextKey, extra: { hint?: string; autoComplete?: string; inputMode?: 'tel' | 'text' } = {}) => (
    <PayoutField label={t(`bank_${key}` as 'bank_phone')} optional={key === 'addressMore' ? t('optional') : undefined} error={fieldErrors[key]} hint={extra.hint}>
      {(id, described) => (
        <input
          id={id}
          {...field(key)}
          autoComplete={extra.autoComplete}
          inputMode={extra.inputMode}
          type={extra.inputMode === 'tel' ? 'tel' : 'text'}
          {...described}
          data-testid={`bank-${key}`}
        />
      )}
    </PayoutField>
  );
  const select = (key: 'country' | 'currency' | 'businessCountry', options: readonly string[], label: (code: string) => string) => (
    <PayoutField label={t(`bank_${key}` as 'bank_country')} error={fieldErrors[key]}>
      {(id, described) => (
        <select id={id} {...field(key)} {...described} data-testid={`bank-${key}`}>
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

  const onValid = async (values: BankDraft) => {
    setAttempted(null);
    setServerIssue(null);
    const following = WIZARD_STEPS[index + 1];
    if (following) return setStep(following);
    setBusy(true);
    try {
      const saved = await stepUp.run(() => putPayoutMethod(bankBody(values)));
      if (saved) onSaved(saved);
    } catch (err) {
      const known = err instanceof ApiError && err.status === 400 ? serverProblem(err.code) : null;
      if (known && known.step !== 'email') {
        focusAfterStep.current = known.field ?? null;
        setServerIssue({ step: known.step, key: known.key, ...(known.field ? { field: known.field } : {}) });
        setStep(known.step);
      } else {
        const { message, detail } = errorText(err);
        setFailure({ text: `${t('error_saving_bank_account')} ${message}`, detail });
      }
    } finally {
      setBusy(false);
    }
  };
  // Next: the step's fields are checked with its schema; react-hook-form moves the focus to the first wrong one.
  const next = (event: BaseSyntheticEvent) => {
    setFailure(null);
    checking.current = step;
    return handleSubmit(onValid, () => setAttempted(step))(event);
  };
  const back = () => {
    setAttempted(null);
    setFailure(null);
    const previous = WIZARD_STEPS[index - 1];
    if (previous) setStep(previous);
  };

  return (
    <>
      <form ref={formRef} className="payout-form bank-wizard" onSubmit={(e) => void next(e)} noValidate data-testid="bank-wizard" data-step={step} aria-labelledby="bank-wizard-heading">
        <h3 id="bank-wizard-heading">{t('bank_wizard_title')}</h3>
        <p className="bank-wizard-step" data-testid="bank-wizard-step" ref={stepRef} tabIndex={-1}>
          {t('wizard_step', { step: index + 1, steps: WIZARD_STEPS.length })}: {t(`wizard_step_${step}`)}
        </p>
        {step === 'type' && (
          <>
            <fieldset className="payout-radio">
              <legend>{t('bank_account_type')}</legend>
              {(['business', 'personal'] as const).map((type) => (
                <label key={type}>
                  <input type="radio" value={type} {...field('accountType')} data-testid={`bank-type-${type}`} />
                  {t(`account_type_${type}`)}
                </label>
              ))}
            </fieldset>
            {select('country', BANK_COUNTRIES, country)}
            {select('currency', CURRENCIES, currency)}
          </>
        )}
        {step === 'business' && (
          <>
            {text('phone', { hint: t('bank_phone_hint'), autoComplete: 'tel', inputMode: 'tel' })}
            {text('street', { autoComplete: 'address-line1' })}
            {text('addressMore', { autoComplete: 'address-line2' })}
            {text('city', { autoComplete: 'address-level2' })}
            {text('postalCode', { autoComplete: 'postal-code' })}
            {select('businessCountry', BANK_COUNTRIES, country)}
          </>
        )}
        {step === 'account' && (
          <>
            {text('bankName')}
            {text('accountHolderName')}
            {text('accountNumber')}
            {text('swiftBic')}
            <div className="payout-field">
              <label className="payout-confirm">
                <input
                  type="checkbox"
                  {...field('confirmed')}
                  aria-invalid={fieldErrors.confirmed ? true : undefined}
                  aria-describedby={fieldErrors.confirmed ? 'bank-confirmed-error' : undefined}
                  data-testid="bank-confirmed"
                />
                {t('bank_confirm_details')}
              </label>
              {fieldErrors.confirmed && (
                <p id="bank-confirmed-error" className="payout-field-error" data-testid="bank-field-error">
                  {fieldErrors.confirmed}
                </p>
              )}
            </div>
          </>
        )}
        {step === 'review' && (
          <BankReview draft={draft} country={country} currency={currency} />
        )}
        {(problem ?? failure) && (
          <p className="payout-form-error" role="alert" data-testid="bank-wizard-error">
            {problem ?? failure?.text}
            {!problem && failure?.detail && <ErrorDetail text={failure.detail} />}
          </p>
        )}
        <div className="payout-form-actions">
          {index > 0 && (
            <Button type="button" onClick={back} data-testid="bank-back">
              {t('previous_step')}
            </Button>
          )}
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('saving')} data-testid="bank-next">
            {step === 'review' ? t('confirm_and_add') : t('next_step')}
          </Button>
          <Button type="button" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
      </form>
      {stepUp.element}
    </>
  );
}

