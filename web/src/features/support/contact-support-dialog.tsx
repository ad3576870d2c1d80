import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';
import { Button, SelectField, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX, type SupportCategory } from '../../../../lambdas/support/categories';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useErrorText } from '../../lib/error-message';
import { useSession } from '../../lib/session';
import { submitSupportCase } from './submit-support-case';
import { ActionKey } from '../../lib/idempotency';

const isCategory = (value: string): value is SupportCategory => (SUPPORT_CATEGORIES as readonly string[]).includes(value);

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
  const [category, setCategory] = useState<SupportCategory | ''>('');
  const [message, setMessage] = useState('');
  // Inline errors show once the vendor tried to send, or left a field they had changed empty.
  const [touched, setTouched] = useState({ category: false, message: false, attempted: false });
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const messageChanged = useRef(false);
  const sendKey = useRef(new ActionKey());
  const categoryRef = useRef<HTMLSelectElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const categoryMissing = category === '';
  const messageMissing = message.trim() === '';
  const categoryError = (touched.attempted || touched.category) && categoryMissing ? t('please_select_category') : undefined;
  const messageError = (touched.attempted || touched.message) && messageMissing ? t('please_enter_message') : undefined;

  const close = () => {
    if (!busy) onClose();
  };

  const send = async () => {
    if (busy) return;
    setTouched((s) => ({ ...s, attempted: true }));
    if (categoryMissing) return categoryRef.current?.focus();
    if (messageMissing) return messageRef.current?.focus();
    setFailure(null);
    setBusy(true);
    // The same case sent again (after an error) keeps its Idempotency-Key: the server opens it once.
    const idempotencyKey = sendKey.current.keyFor({ vendorId: session.vendorId, category, message: message.trim() });
    const outcome = await submitSupportCase({ user: session.user, vendorId: session.vendorId, category, message, idempotencyKey });
    switch (outcome.kind) {
      case 'submitted':
        sendKey.current.done();
        setBusy(false);
        onSubmitted(outcome.caseId);
        return;
      case 'session-expired':
      case 'token-unavailable':
        // The page goes away with the session: the sign-in page says why (spec §8).
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (isSendKey(event) && (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) {
      event.preventDefault();
      void send();
    }
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
      form={{ onSubmit, onKeyDown }}
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
      {failure && (
        <Alert tone="error" testId="support-error" detail={failure.detail}>
          {failure.text}
        </Alert>
      )}
      <div className="dialog-fields">
        <SelectField
          ref={categoryRef}
          label={t('support_category')}
          value={category}
          onChange={(e) => {
            setCategory(isCategory(e.target.value) ? e.target.value : '');
            setTouched((s) => ({ ...s, category: true }));
          }}
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
          ref={messageRef}
          label={t('support_message')}
          value={message}
          onChange={(e) => {
            messageChanged.current = true;
            setMessage(e.target.value);
          }}
          onBlur={() => {
            if (messageChanged.current) setTouched((s) => ({ ...s, message: true }));
          }}
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
