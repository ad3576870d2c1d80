import { Button } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { ApiError } from '../../lib/api';
import { ErrorDetail } from '../../components/error-detail';
import { useErrorText } from '../../lib/error-message';
import { languageToApply } from '../../i18n/language';
import { intlLocale } from '../../lib/format';
import { putPayoutMethod, type PayoutMethodView } from './payouts-api';
import {
  BANK_COUNTRIES,
  bankBody,
  CURRENCIES,
  emailProblem,
  emptyBankDraft,
  serverProblem,
  stepFieldProblems,
  stepProblem,
  WIZARD_STEPS,
  type BankDraft,
  type PayoutMessageKey,
  type WizardStep,
} from './payout-form';

/**
 * A labelled control. With `error`, the control is marked (aria-invalid) and points at the message
 * shown under it (aria-describedby), as the wizard's per-step checks and the server's 400s mark the field.
 */
function Field({ label, children, optional, error, hint }: { label: string; children: (id: string, described: Record<string, unknown>) => ReactNode; optional?: string; error?: string | undefined; hint?: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const described = { ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
  return (
    <div className="payout-field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="muted"> ({optional})</span>}
      </label>
      {children(id, described)}
      {hint && (
        <p id={`${id}-hint`} className="muted payout-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="payout-field-error" data-testid="bank-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function displayNames(language: string, type: 'region' | 'currency') {
  try {
    return new Intl.DisplayNames([language], { type });
  } catch {
    return undefined;
  }
}

/** The e-mail provider's form: 'Please enter a valid email address' in the page, never window.alert. */
export function EmailMethodForm({ initial, onSaved, onCancel }: { initial?: string; onSaved(method: PayoutMethodView): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initial ?? '');
  const errorText = useErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDetail(null);
    const local = emailProblem(email);
    if (local) return setProblem(t(local));
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await putPayoutMethod({ method: 'email', email: email.trim() }));
    } catch (err) {
      const known = err instanceof ApiError && err.status === 400 ? serverProblem(err.code) : null;
      if (known) setProblem(t(known.key));
      else {
        const { message, detail } = errorText(err);
        setProblem(t('payout_method_save_failed', { message }));
        setDetail(detail);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="payout-form" onSubmit={(e) => void submit(e)} noValidate data-testid="payout-email-form" aria-labelledby="payout-email-heading">
      <h3 id="payout-email-heading">{t('payout_email_title')}</h3>
      <p className="muted">{t('payout_email_hint')}</p>
      <Field label={t('payout_email_label')}>
        {(id) => <input id={id} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={problem ? true : undefined} data-testid="payout-email" />}
      </Field>
      {problem && (
        <p className="payout-form-error" role="alert" data-testid="payout-email-error">
          {problem}
          {detail && <ErrorDetail text={detail} />}
        </p>
      )}
      <div className="payout-form-actions">
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('saving')} data-testid="payout-email-save">
          {t('save_payout_email')}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The bank-account wizard (spec §3): type + bank country + currency → business details → account
 * details with the confirmation → review → confirm and add. Each step is checked where its fields
 * are typed (the server's own rules, lambdas/payouts/bank-rules.ts): the spec's message for the step,
 * every wrong field marked with its own message next to it, and the focus on the first one. A server
 * 400 goes back to the step (and field) it names, with its message.
 */
export function BankWizard({ onSaved, onCancel }: { onSaved(method: PayoutMethodView): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const locale = intlLocale(languageToApply(i18n.language));
  const regions = displayNames(locale, 'region');
  const currencies = displayNames(locale, 'currency');
  const [draft, setDraft] = useState<BankDraft>(emptyBankDraft);
  const [step, setStep] = useState<WizardStep>('type');
  // The step the vendor tried to leave: from then on its fields are checked as they change.
  const [attempted, setAttempted] = useState<WizardStep | null>(null);
  // What the server refused (until the vendor changes that field, or leaves the step again).
  const [serverIssue, setServerIssue] = useState<{ step: WizardStep; key: PayoutMessageKey; field?: keyof BankDraft } | null>(null);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const index = WIZARD_STEPS.indexOf(step);
  const controls = useRef<Partial<Record<keyof BankDraft, HTMLInputElement | HTMLSelectElement | null>>>({});
  const focusAfterStep = useRef<keyof BankDraft | null>(null);
  // The wizard, and each new step, takes the focus on the step's title, so keyboard and screen-reader
  // users start at its top; back on a step for a field the server refused, on that field.
  const stepRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const field = focusAfterStep.current;
    focusAfterStep.current = null;
    (field ? controls.current[field] : stepRef.current)?.focus();
  }, [step]);

  const local = attempted === step ? stepFieldProblems(step, draft) : {};
  const fieldErrors: Partial<Record<keyof BankDraft, string>> = Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(key)]));
  if (serverIssue?.step === step && serverIssue.field && !fieldErrors[serverIssue.field]) fieldErrors[serverIssue.field] = t(serverIssue.key);
  const localProblem = attempted === step ? stepProblem(step, draft) : null;
  const problem = localProblem ? t(localProblem) : serverIssue?.step === step ? t(serverIssue.key) : null;

  const set = <K extends keyof BankDraft>(key: K, value: BankDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (serverIssue?.field === key) setServerIssue(null);
  };
  const bind = (key: keyof BankDraft) => (el: HTMLInputElement | HTMLSelectElement | null) => {
    controls.current[key] = el;
  };
  const country = (code: string) => `${regions?.of(code) ?? code} (${code})`;
  const currency = (code: string) => `${currencies?.of(code) ?? code} (${code})`;
  const text = (key: Exclude<keyof BankDraft, 'confirmed' | 'accountType'>, extra: { hint?: string; autoComplete?: string; inputMode?: 'tel' | 'text' } = {}) => (
    <Field label={t(`bank_${key}` as 'bank_phone')} optional={key === 'addressMore' ? t('optional') : undefined} error={fieldErrors[key]} hint={extra.hint}>
      {(id, described) => (
        <input
          id={id}
          ref={bind(key)}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          autoComplete={extra.autoComplete}
          inputMode={extra.inputMode}
          type={extra.inputMode === 'tel' ? 'tel' : 'text'}
          {...described}
          data-testid={`bank-${key}`}
        />
      )}
    </Field>
  );
  const select = (key: 'country' | 'currency' | 'businessCountry', options: readonly string[], label: (code: string) => string) => (
    <Field label={t(`bank_${key}` as 'bank_country')} error={fieldErrors[key]}>
      {(id, described) => (
        <select id={id} ref={bind(key)} value={draft[key]} onChange={(e) => set(key, e.target.value)} {...described} data-testid={`bank-${key}`}>
          <option value="">{t('select_placeholder')}</option>
          {options.map((code) => (
            <option key={code} value={code}>
              {label(code)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const next = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = stepFieldProblems(step, draft);
    const first = (Object.keys(emptyBankDraft()) as (keyof BankDraft)[]).find((key) => problems[key] && controls.current[key]);
    if (stepProblem(step, draft)) {
      setAttempted(step);
      if (first) controls.current[first]?.focus();
      return;
    }
    setAttempted(null);
    setServerIssue(null);
    const following = WIZARD_STEPS[index + 1];
    if (following) return setStep(following);
    setBusy(true);
    try {
      onSaved(await putPayoutMethod(bankBody(draft)));
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
  const back = () => {
    setAttempted(null);
    setFailure(null);
    const previous = WIZARD_STEPS[index - 1];
    if (previous) setStep(previous);
  };

  return (
    <form className="payout-form bank-wizard" onSubmit={(e) => void next(e)} noValidate data-testid="bank-wizard" data-step={step} aria-labelledby="bank-wizard-heading">
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
                <input type="radio" name="accountType" value={type} checked={draft.accountType === type} onChange={() => set('accountType', type)} data-testid={`bank-type-${type}`} />
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
                ref={bind('confirmed')}
                checked={draft.confirmed}
                onChange={(e) => set('confirmed', e.target.checked)}
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
  );
}

/** Shown once a save worked: the spec's success text for a bank account, otherwise a plain note. */
export function SavedNotice({ kind, onDismiss }: { kind: 'email' | 'bank'; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="success" onDismiss={onDismiss} dismissLabel={t('dismiss')} testId="payout-method-saved">
      {kind === 'bank' ? t('bank_account_added') : t('payout_email_saved')}
    </Alert>
  );
}
