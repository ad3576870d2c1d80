import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SupportMessageBody } from '@contracts/support/thread';
import { SUPPORT_MESSAGE_MAX } from '@contracts/support/categories';
import { Alert } from '../../components/alert';
import { useErrorText } from '../../lib/error-message';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { useAnswerSupportCase } from './api/answer-support-case';
import type { SupportCaseDetail } from './api/get-support-case';

/** The server's body schema (POST /api/support/{caseId}/messages): the message trimmed, not blank, within the limit. */
const resolver = lazyZodResolver(() => import('@contracts/support/thread').then((m) => m.supportMessageBody));

/**
 * The vendor's answer to a case. Send waits for a message that is not blank; answering a replied or
 * closed case makes it wait for support again (said under the label for a closed one). What became of
 * the send is said above the field, from the mutation itself.
 */
export function AnswerSection({ data }: { data: SupportCaseDetail }) {
  const { t } = useTranslation();
  const describeError = useErrorText();
  const fieldId = useId();
  const send = useAnswerSupportCase(data.caseId);
  const { register, handleSubmit, control, reset } = useForm<{ message: string }, unknown, SupportMessageBody>({ resolver, defaultValues: { message: '' } });
  const blank = (useWatch({ control, name: 'message' }) ?? '').trim() === '';
  const submit = handleSubmit(({ message }) => {
    if (!send.isPending) send.mutate(message, { onSuccess: () => reset() });
  });
  const failure = send.isError ? describeError(send.error) : null;
  return (
    <form className="support-answer" onSubmit={(e) => void submit(e)} noValidate>
      {(send.isSuccess || failure) && (
        <Alert tone={failure ? 'error' : 'success'} testId="support-answer-outcome" detail={failure?.detail} onDismiss={send.reset} dismissLabel={t('dismiss')}>
          {failure ? t('support_answer_failed', { message: failure.message }) : t('support_answer_sent')}
        </Alert>
      )}
      <label htmlFor={fieldId} className="support-answer-label">
        {t('support_answer_label')}
      </label>
      {data.status === 'closed' && (
        <p className="muted" id={`${fieldId}-hint`}>
          {t('support_answer_reopens')}
        </p>
      )}
      <textarea
        id={fieldId}
        className="support-answer-text"
        rows={5}
        maxLength={SUPPORT_MESSAGE_MAX}
        {...register('message')}
        aria-describedby={data.status === 'closed' ? `${fieldId}-hint` : undefined}
        data-testid="support-answer-message"
      />
      <div>
        <button
          type="submit"
          className={`amplify-button amplify-button--primary${blank || send.isPending ? ' amplify-button--disabled' : ''}`}
          disabled={blank || send.isPending}
          data-testid="support-answer-send"
        >
          {send.isPending ? t('sending') : t('support_answer_send')}
        </button>
      </div>
    </form>
  );
}
