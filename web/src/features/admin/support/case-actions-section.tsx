import { useForm, useWatch } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX } from '@contracts/support/categories';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useAdminTranslation } from '../admin-i18n';
import { replyResolver, type useCaseAction } from './api/update-support-case';

type Act = ReturnType<typeof useCaseAction>;

/** What the last action came to (the mutation's own state), in the page (role="alert"). */
export function CaseOutcome({ act }: { act: Act }) {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const kind = act.variables?.kind;
  if (!kind || !(act.isSuccess || act.isError)) return null;
  const failure = act.isError ? describeError(act.error) : null;
  return (
    <Alert tone={failure ? 'error' : 'success'} testId="admin-support-outcome" detail={failure?.detail} onDismiss={act.reset} dismissLabel={t('dismiss')}>
      {failure ? t(`admin_support_failed_${kind}`, { message: failure.message }) : t(`admin_support_done_${kind}`)}
    </Alert>
  );
}

/** The reply (the vendor is told); sent once it holds text, emptied once sent, kept after a failure. */
export function ReplyForm({ act }: { act: Act }) {
  const { t } = useAdminTranslation();
  const { register, handleSubmit, control, reset } = useForm<{ message: string }, unknown, { message: string }>({ resolver: replyResolver, defaultValues: { message: '' } });
  const blank = useWatch({ control, name: 'message' }).trim() === '';
  const send = handleSubmit(async ({ message }) => {
    if (act.isPending) return;
    await act.mutateAsync({ kind: 'reply', message }).then(
      () => reset({ message: '' }),
      () => undefined,
    );
  });
  return (
    <form className="admin-support-reply" onSubmit={(e) => void send(e)} noValidate>
      <label htmlFor="admin-support-reply">{t('admin_support_reply_label')}</label>
      <p id="admin-support-reply-hint" className="admin-support-hint">
        {t('admin_support_reply_hint')}
      </p>
      <textarea id="admin-support-reply" rows={5} maxLength={SUPPORT_MESSAGE_MAX} {...register('message')} aria-describedby="admin-support-reply-hint" data-testid="admin-support-reply" />
      <div>
        <button type="submit" className="admin-action admin-action-primary" disabled={blank || act.isPending} data-testid="admin-support-send">
          {act.isPending && act.variables?.kind === 'reply' ? t('sending') : t('admin_support_reply_send')}
        </button>
      </div>
    </form>
  );
}

/** Close an open or answered case; reopen a closed one. */
export function CaseStatusAction({ act, closed }: { act: Act; closed: boolean }) {
  const { t } = useAdminTranslation();
  return (
    <div className="admin-support-case-actions">
      {closed ? (
        <button type="button" className="admin-action" disabled={act.isPending} onClick={() => act.mutate({ kind: 'reopen' })} data-testid="admin-support-reopen">
          {t('admin_support_reopen')}
        </button>
      ) : (
        <button type="button" className="admin-action" disabled={act.isPending} onClick={() => act.mutate({ kind: 'close' })} data-testid="admin-support-close">
          {t('admin_support_close')}
        </button>
      )}
    </div>
  );
}
