import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bankStepSchema } from '@contracts/payout-destination';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-message';
import { useStepUp } from '../../components/two-step/use-step-up';
import { useUpdatePayoutMethod, type PayoutMethodView } from './api/update-payout-method';
import { bankBody, emptyBankDraft, serverProblem, stepFieldProblems, stepProblem, WIZARD_STEPS, type BankDraft, type WizardStep } from './payout-form';

/** The server's schema for one step (payout-destination.ts); the review step has nothing to check. */
async function checkStep(step: WizardStep, values: BankDraft): Promise<FieldErrors<BankDraft>> {
  if (step === 'review') return {};
  const result = await zodResolver(bankStepSchema(step), undefined, { raw: true })(values, undefined, { shouldUseNativeValidation: false, fields: {} });
  return result.errors as FieldErrors<BankDraft>;
}

/** What the server refused (a 400 naming a step, and a field where one), from the save's error. */
function refusedBy(error: unknown) {
  const known = error instanceof ApiError && error.status === 400 ? serverProblem(error.code) : null;
  return known && known.step !== 'email' ? { ...known, step: known.step } : null;
}

/**
 * The bank wizard's state: the step, react-hook-form with the step's own schema, what is said by each
 * field and for the step (the checks as the values are typed, once the vendor tried to leave the step;
 * the server's refusal until that field changes), and the save (a mutation: busy, failed).
 */
export function useBankWizard(onSaved: (method: PayoutMethodView) => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
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
  // Issue 14: the change needs two-step verification on and a recent sign-in (the server's 403s open the dialogs).
  const stepUp = useStepUp();
  const save = useUpdatePayoutMethod(stepUp.run, onSaved);
  const refused = refusedBy(save.error);
  const failed = save.error && !refused ? errorText(save.error) : null;
  const index = WIZARD_STEPS.indexOf(step);
  const focus = useStepFocus(step);

  const local = attempted === step ? stepFieldProblems(step, draft) : {};
  const fieldErrors: Partial<Record<keyof BankDraft, string>> = Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(key)]));
  if (refused?.step === step && refused.field && !fieldErrors[refused.field]) fieldErrors[refused.field] = t(refused.key);
  const localProblem = attempted === step ? stepProblem(step, draft) : null;
  const problem = localProblem ? t(localProblem) : refused?.step === step ? t(refused.key) : null;
  const failure = failed ? { text: `${t('error_saving_bank_account')} ${failed.message}`, detail: failed.detail } : null;

  // A field the server refused is said until the vendor changes it.
  const field = (key: keyof BankDraft) => register(key, { onChange: () => refused?.field === key && save.reset() });

  const onValid = (values: BankDraft) => {
    setAttempted(null);
    save.reset();
    const following = WIZARD_STEPS[index + 1];
    if (following) return setStep(following);
    save.mutate(bankBody(values), {
      onError: (err) => {
        const known = refusedBy(err);
        if (!known) return;
        focus.fieldAfterStep.current = known.field ?? null;
        setStep(known.step);
      },
    });
  };
  // Next: the step's fields are checked with its schema; react-hook-form moves the focus to the first wrong one.
  const next = (event: BaseSyntheticEvent) => {
    if (failure) save.reset();
    checking.current = step;
    return handleSubmit(onValid, () => setAttempted(step))(event);
  };
  const back = () => {
    setAttempted(null);
    if (failure) save.reset();
    const previous = WIZARD_STEPS[index - 1];
    if (previous) setStep(previous);
  };
  return { step, index, draft, field, fieldErrors, problem, failure, busy: save.isPending, next, back, stepUp, stepRef: focus.stepRef, formRef: focus.formRef };
}

/**
 * The wizard, and each new step, takes the focus on the step's title, so keyboard and screen-reader
 * users start at its top; back on a step for a field the server refused, on that field.
 */
function useStepFocus(step: WizardStep) {
  const fieldAfterStep = useRef<keyof BankDraft | null>(null);
  const stepRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = fieldAfterStep.current;
    fieldAfterStep.current = null;
    // The field by its name (react-hook-form's setFocus waits a tick; the focus moves with the step).
    (field ? formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`) : stepRef.current)?.focus();
  }, [step]);
  return { fieldAfterStep, stepRef, formRef };
}
