import { Button, Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { useLoadErrorProps } from '../../lib/error-message';
import { usePayoutMethod, type PayoutMethodView } from './api/get-payout-method';
import type { PayoutsList } from './api/get-payouts';
import { PayoutSummary } from './payout-summary';
import { SavedNotice } from './saved-notice';
import { useMethodForms } from './use-method-forms';

type Editing = 'none' | 'email' | 'bank';

/**
 * Payout information (spec §2, issue 6): the method and masked destination, next payout, balance,
 * minimum and fee, the hold after a change; the e-mail form and the bank-account wizard. `list` is
 * the history's answer (its figures), undefined while it loads.
 */
export function PayoutInfoSection({ list }: { list: PayoutsList | undefined }) {
  const { t } = useTranslation();
  const loadError = useLoadErrorProps();
  const method = usePayoutMethod();
  const { forms: Forms, settled, retry: retryForms } = useMethodForms();
  const [editing, setEditing] = useState<Editing>('none');
  const [savedKind, setSavedKind] = useState<'email' | 'bank' | null>(null);
  // While the method loads again (after a save) the saved answer stays shown.
  const current = method.status === 'loaded' ? method.data : method.previous;
  const onSaved = (kind: 'email' | 'bank') => () => {
    setSavedKind(kind);
    setEditing('none');
  };
  const edit = (kind: Editing) => {
    setSavedKind(null);
    setEditing(kind);
    retryForms();
  };

  return (
    <section className="payouts-card" aria-labelledby="payout-info-heading" data-testid="payout-info">
      <Heading level={2} id="payout-info-heading">
        {t('payout_information')}
      </Heading>
      <LoadStatus
        state={method.status === 'failed' ? 'failed' : current ? 'idle' : 'loading'}
        loadingText={t('loading_payout_method')}
        {...loadError(method, 'payout_method_load_failed')}
        retryLabel={t('try_again')}
        onRetry={method.retry}
        testId="payout-method-status"
      />
      {savedKind && <SavedNotice kind={savedKind} onDismiss={() => setSavedKind(null)} />}
      <PayoutSummary current={current} list={list} />
      {editing === 'none' && <MethodButtons current={current} ready={settled} failed={method.status === 'failed'} onEdit={edit} />}
      {Forms && editing === 'email' && <Forms.EmailMethodForm initial={current?.email} onSaved={onSaved('email')} onCancel={() => setEditing('none')} />}
      {Forms && editing === 'bank' && <Forms.BankWizard onSaved={onSaved('bank')} onCancel={() => setEditing('none')} />}
    </section>
  );
}

/** Set up (or change) the e-mail payout or the bank account: once the method and the forms are here. */
function MethodButtons({ current, ready, failed, onEdit }: { current: PayoutMethodView | undefined; ready: boolean; failed: boolean; onEdit(kind: 'email' | 'bank'): void }) {
  const { t } = useTranslation();
  const emailLabel = current?.method === 'email' ? t('change_payout_email') : t('use_payout_email');
  const bankLabel = current?.method === 'bank' ? t('change_bank_account') : t('add_bank_account');
  if (current && ready)
    return (
      <div className="payout-form-actions">
        <Button onClick={() => onEdit('email')} data-testid="payout-setup-email">
          {emailLabel}
        </Button>
        <Button onClick={() => onEdit('bank')} data-testid="payout-setup-bank">
          {bankLabel}
        </Button>
      </div>
    );
  if (failed) return null;
  // The buttons' place, kept (invisible, out of the tab order) until they can be used.
  return (
    <div className="payout-form-actions payout-actions-pending" aria-hidden="true" inert>
      <Button tabIndex={-1}>{emailLabel}</Button>
      <Button tabIndex={-1}>{bankLabel}</Button>
    </div>
  );
}
