import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ErrorDetail } from '../../components/error-detail';
import type { PayoutMethodView } from './api/update-payout-method';
import { BankReview } from './bank-review';
import { AccountStep, BusinessStep, TypeStep, useBankLabels } from './bank-wizard-steps';
import { WIZARD_STEPS } from './payout-form';
import { useBankWizard } from './use-bank-wizard';

/**
 * The bank-account wizard (spec §3): type + bank country + currency → business details → account
 * details with the confirmation → review → confirm and add. Each step is checked where its fields
 * are typed, with the server's own schema for that step (react-hook-form + `bankStepSchema`,
 * contracts/payout-destination.ts, over bank-rules.ts): the spec's message for the step,
 * every wrong field marked with its own message next to it, and the focus on the first one. A server
 * 400 goes back to the step (and field) it names, with its message.
 */
export function BankWizard({ onSaved, onCancel }: { onSaved(method: PayoutMethodView): void; onCancel(): void }) {
  const { t } = useTranslation();
  const labels = useBankLabels();
  const { step, index, draft, field, fieldErrors, problem, failure, busy, next, back, stepUp, stepRef, formRef } = useBankWizard(onSaved);
  const fields = { field, fieldErrors };

  return (
    <>
      <form ref={formRef} className="payout-form bank-wizard" onSubmit={(e) => void next(e)} noValidate data-testid="bank-wizard" data-step={step} aria-labelledby="bank-wizard-heading">
        <h3 id="bank-wizard-heading">{t('bank_wizard_title')}</h3>
        <p className="bank-wizard-step" data-testid="bank-wizard-step" ref={stepRef} tabIndex={-1}>
          {t('wizard_step', { step: index + 1, steps: WIZARD_STEPS.length })}: {t(`wizard_step_${step}`)}
        </p>
        {step === 'type' && <TypeStep {...fields} />}
        {step === 'business' && <BusinessStep {...fields} />}
        {step === 'account' && <AccountStep {...fields} />}
        {step === 'review' && <BankReview draft={draft} country={labels.country} currency={labels.currency} />}
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
