import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';
import { Button, SelectField, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useRef, type BaseSyntheticEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX } from '@contracts/support/categories';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useErrorText } from '../../lib/error-message';
import { clearDraft, DRAFT_FORMS, writeDraft } from '../../lib/form-draft';
import { ActionKey } from '../../lib/idempotency';
import { useSession } from '../../lib/session';
import { useCreateSupportCase, type SupportOutcome } from './api/create-support-case';
import { SignedOutSupportDialog } from './signed-out-support-dialog';
import { isSendKey, type SupportFormValues } from './support-form';
import { useSupportForm } from './use-support-form';

export interface ContactSupportDialogProps {
  onClose(): void;
  /** The case was opened: the dialog is done, and the page tells the vendor (with the case number). */
  onSubmitted(caseId: string): void;
}

/**
 * Contact support (spec §2, §7, §8): a category (blank 'choose one' first, then the eight categories),
 * a message, Cancel and Send. Send is disabled until both are present; Enter without Shift sends. A
 * missing session or token signs the vendor out with the spec's message on the sign-in page; a failure
 * stays in the dialog (the message is kept for another try); success closes it.
 */
export default function ContactSupportDialog(props: ContactSupportDialogProps) {
  const session = useSession();
  return session.status === 'signed-out' ? <SignedOutSupportDialog onClose={props.onClose} /> : <SupportCaseDialog {...props} />;
}

function SupportCaseDialog({ onClose, onSubmitted }: ContactSupportDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const errorText = useErrorText();
  const userId = session.user?.userId;
  const fields = useSupportForm(userId);
  const create = useCreateSupportCase();
  const sendKey = useRef(new ActionKey());
  const busy = create.isPending;

  // Cancel (or Escape) discards the message: the vendor chose not to send it.
  const close = () => {
    if (busy) return;
    clearDraft(userId, DRAFT_FORMS.supportCase);
    onClose();
  };

  const settle = async (values: SupportFormValues, outcome: SupportOutcome) => {
    if (outcome.kind === 'submitted') {
      sendKey.current.done();
      clearDraft(userId, DRAFT_FORMS.supportCase);
      onSubmitted(outcome.caseId);
    } else if (outcome.kind === 'session-expired' || outcome.kind === 'token-unavailable') {
      // The page goes away with the session: the sign-in page says why (spec §8). The message stays, and
      // the dialog opens with it again once the vendor has signed in (app/shell/header.tsx).
      writeDraft(userId, DRAFT_FORMS.supportCase, { values: { category: values.category, message: values.message }, reopen: true });
      await session.signOut({ kind: outcome.kind });
      navigate('/', { replace: true });
    }
  };
  // With a field missing, react-hook-form focuses the first and nothing is sent.
  const onValid = async (values: SupportFormValues) => {
    if (busy || values.category === '') return;
    // The same case sent again (after an error) keeps its Idempotency-Key: the server opens it once.
    const idempotencyKey = sendKey.current.keyFor({ vendorId: session.vendorId, category: values.category, message: values.message.trim() });
    const outcome = await create.mutateAsync({ user: session.user, vendorId: session.vendorId, category: values.category, message: values.message, idempotencyKey });
    await settle(values, outcome);
  };
  const send = (event?: BaseSyntheticEvent) => fields.form.handleSubmit(onValid)(event);
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (isSendKey(event) && (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) {
      event.preventDefault();
      if (!busy) void send();
    }
  };
  // The spec's sentences; in zh-TW the reason is translated and the server's words are a detail.
  const outcome = create.data;
  const failure = outcome && (outcome.kind === 'failed' || outcome.kind === 'error') ? { kind: outcome.kind, ...errorText(outcome.cause) } : null;

  return (
    <Dialog
      title={t('contact_support')}
      onClose={close}
      testId="support-dialog"
      form={{ onSubmit: (e) => void send(e), onKeyDown }}
      footer={
        <>
          <Button onClick={close} isDisabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isDisabled={busy || !fields.complete} isLoading={busy} loadingText={t('sending')} data-testid="support-send">
            {t('send')}
          </Button>
        </>
      }
    >
      <Text className="dialog-intro">{t('support_dialog_intro')}</Text>
      {fields.restored && (
        <Text className="dialog-intro" data-testid="support-draft-restored">
          {t('support_draft_restored')}
        </Text>
      )}
      {failure && !busy && (
        <Alert tone="error" testId="support-error" detail={failure.detail}>
          {t(failure.kind === 'failed' ? 'support_submit_failed' : 'error_occurred_with_message', { message: failure.message })}
        </Alert>
      )}
      <div className="dialog-fields">
        <SelectField label={t('support_category')} {...fields.categoryField} hasError={Boolean(fields.categoryError)} errorMessage={fields.categoryError} isRequired data-testid="support-category" data-autofocus>
          <option value="">{t('choose_one')}</option>
          {SUPPORT_CATEGORIES.map((key) => (
            <option key={key} value={key}>
              {t(key)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('support_message')}
          {...fields.messageField}
          descriptiveText={t('support_message_hint')}
          hasError={Boolean(fields.messageError)}
          errorMessage={fields.messageError}
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          isRequired
          data-testid="support-message"
        />
      </div>
    </Dialog>
  );
}
