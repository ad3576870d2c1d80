import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, SelectField, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type BaseSyntheticEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX, supportCaseBody } from '../../../../contracts/support/schema';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useErrorText } from '../../lib/error-message';
import { clearDraft, DRAFT_FORMS, readDraft, writeDraft } from '../../lib/form-draft';
import { useSession } from '../../lib/session';
import { submitSupportCase } from './submit-support-case';
import { ActionKey } from '../../lib/idempotency';

/**
 * The server's body schema (POST /api/support, contracts/support/schema.ts) for the two fields the vendor
 * fills: its message rule as it is, its category list with the blank 'Choose one' the select starts on.
 */
const supportFormSchema = supportCaseBody.pick({ message: true }).extend({
  category: z.union([supportCaseBody.shape.category, z.literal('')]).refine((value) => value !== '', 'please_select_category'),
});
type SupportFormValues = z.input<typeof supportFormSchema>;
/** A kept draft (lib/form-draft.ts): the two fields as they may stand while typed, read back at the storage boundary. */
const draftSchema = z.strictObject({ category: z.union([supportCaseBody.shape.category, z.literal('')]), message: z.string().max(SUPPORT_MESSAGE_MAX) });
/** The issue code of each field's first problem, for the values as they stand. */
function fieldProblems(values: SupportFormValues): Partial<Record<keyof SupportFormValues, string>> {
  const out: Partial<Record<keyof SupportFormValues, string>> = {};
  for (const issue of supportFormSchema.safeParse(values).error?.issues ?? []) {
    const field = issue.path[0] as keyof SupportFormValues;
    out[field] ??= issue.code;
  }
  return out;
}
const resolver = zodResolver(supportFormSchema, undefined, { raw: true });

/** Enter without Shift sends (spec §2), but not while an input method is composing (zh-TW typing confirms candidates with Enter). */
const isSendKey = (event: KeyboardEvent) => event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229;

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
export default function ContactSupportDialog({ onClose, onSubmitted }: ContactSupportDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const errorText = useErrorText();
  const userId = session.user?.userId;
  // What the vendor typed before a forced sign-in (issue 24, item 11), kept for this user in this tab.
  const [restored] = useState(() => readDraft(userId, DRAFT_FORMS.supportCase, draftSchema));
  const { register, handleSubmit, control, formState } = useForm<SupportFormValues>({ resolver, defaultValues: restored?.values ?? { category: '', message: '' } });
  const [category, message] = useWatch({ control, name: ['category', 'message'] });
  // Inline errors show once the vendor tried to send, or changed the category, or left a message they had changed.
  const [shown, setShown] = useState({ category: false, message: false });
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const sendKey = useRef(new ActionKey());
  // Typed in at all (even back to empty): leaving it then says what is missing.
  const [messageChanged, setMessageChanged] = useState(false);

  // Every change is kept at once: the session can end on any call, and a reload must not lose it either.
  useEffect(() => {
    if (category === '' && message === '') clearDraft(userId, DRAFT_FORMS.supportCase);
    else writeDraft(userId, DRAFT_FORMS.supportCase, { values: { category, message }, reopen: false });
  }, [userId, category, message]);

  const categoryMissing = category === '';
  const messageMissing = message.trim() === '';
  // What is said by each field follows the values as they are typed (the schema run on them at once;
  // react-hook-form's own errors settle a tick later): shown after a send, a category change, or
  // leaving a message that was typed in.
  const problems = fieldProblems({ category, message });
  const visible = (field: 'category' | 'message') => formState.isSubmitted || shown[field];
  const categoryError = visible('category') && problems.category ? t('please_select_category') : undefined;
  const messageError = visible('message') && problems.message ? t(problems.message === 'too_big' ? 'listing_error_too_long' : 'please_enter_message') : undefined;

  // Cancel (or Escape) discards the message: the vendor chose not to send it.
  const close = () => {
    if (busy) return;
    clearDraft(userId, DRAFT_FORMS.supportCase);
    onClose();
  };

  // With a field missing, react-hook-form focuses the first and nothing is sent.
  const onValid = async (values: SupportFormValues) => {
    if (busy || values.category === '') return;
    setFailure(null);
    setBusy(true);
    // The same case sent again (after an error) keeps its Idempotency-Key: the server opens it once.
    const idempotencyKey = sendKey.current.keyFor({ vendorId: session.vendorId, category: values.category, message: values.message.trim() });
    const outcome = await submitSupportCase({ user: session.user, vendorId: session.vendorId, category: values.category, message: values.message, idempotencyKey });
    switch (outcome.kind) {
      case 'submitted':
        sendKey.current.done();
        clearDraft(userId, DRAFT_FORMS.supportCase);
        setBusy(false);
        onSubmitted(outcome.caseId);
        return;
      case 'session-expired':
      case 'token-unavailable':
        // The page goes away with the session: the sign-in page says why (spec §8). The message stays, and
        // the dialog opens with it again once the vendor has signed in (app/shell/header.tsx).
        writeDraft(userId, DRAFT_FORMS.supportCase, { values: { category: values.category, message: values.message }, reopen: true });
        await session.signOut({ kind: outcome.kind });
        navigate('/', { replace: true });
        return;
      case 'failed':
      case 'error': {
        // The spec's sentences; in zh-TW the reason is translated and the server's words are a detail.
        const { message, detail } = errorText(outcome.cause);
        setFailure({ text: t(outcome.kind === 'failed' ? 'support_submit_failed' : 'error_occurred_with_message', { message }), detail });
        break;
      }
    }
    setBusy(false);
  };
  const send = (event?: BaseSyntheticEvent) => handleSubmit(onValid)(event);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (isSendKey(event) && (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) {
      event.preventDefault();
      if (!busy) void send();
    }
  };

  const categoryField = register('category', { onChange: () => setShown((s) => ({ ...s, category: true })) });
  const messageField = register('message', { onChange: () => setMessageChanged(true) });
  // Said at once on leaving the field (react-hook-form's own handlers settle a tick later).
  const onMessageBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    if (messageChanged) setShown((s) => ({ ...s, message: true }));
    void messageField.onBlur(event);
  };

  // A visitor nobody signed in (the header of an unguarded page): a case cannot be opened, so no form
  // to write a message that would be lost; the way to sign in, and to vendor support by e-mail (issue 10).
  if (session.status === 'signed-out') {
    return (
      <Dialog title={t('contact_support')} onClose={onClose} testId="support-dialog" footer={<Button onClick={onClose}>{t('close')}</Button>}>
        <Text className="dialog-intro">{t('support_signed_out_body')}</Text>
        <ul className="dialog-links">
          <li>
            <Link to="/" data-testid="support-sign-in" data-autofocus>
              {t('sign_in')}
            </Link>
          </li>
          <li>
            <Link to="/contact" data-testid="contact-support-link">
              {t('contact_title')}
            </Link>
          </li>
        </ul>
      </Dialog>
    );
  }

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
          <Button
            type="submit"
            variation="primary"
            isDisabled={busy || categoryMissing || messageMissing}
            isLoading={busy}
            loadingText={t('sending')}
            data-testid="support-send"
          >
            {t('send')}
          </Button>
        </>
      }
    >
      <Text className="dialog-intro">{t('support_dialog_intro')}</Text>
      {restored && (
        <Text className="dialog-intro" data-testid="support-draft-restored">
          {t('support_draft_restored')}
        </Text>
      )}
      {failure && (
        <Alert tone="error" testId="support-error" detail={failure.detail}>
          {failure.text}
        </Alert>
      )}
      <div className="dialog-fields">
        <SelectField
          label={t('support_category')}
          {...categoryField}
          hasError={Boolean(categoryError)}
          errorMessage={categoryError}
          isRequired
          data-testid="support-category"
          data-autofocus
        >
          <option value="">{t('choose_one')}</option>
          {SUPPORT_CATEGORIES.map((key) => (
            <option key={key} value={key}>
              {t(key)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('support_message')}
          {...messageField}
          onBlur={onMessageBlur}
          descriptiveText={t('support_message_hint')}
          hasError={Boolean(messageError)}
          errorMessage={messageError}
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          isRequired
          data-testid="support-message"
        />
      </div>
    </Dialog>
  );
}
