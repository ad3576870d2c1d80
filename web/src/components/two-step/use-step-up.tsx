import { Button } from '@aws-amplify/ui-react';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog';
import { ApiError } from '../../lib/api';

const StepUpDialog = lazy(() => import('./step-up-dialog'));
const TwoStepDialog = lazy(() => import('./two-step-dialog'));

type Prompt = 'step-up' | 'mfa-required' | 'set-up';

/** How often one action may be sent again after a confirmation (set up, then step up, then saved). */
const MAX_ROUNDS = 3;

/** Sends an action, confirming two-step verification in place when the server asks (`undefined`: the vendor cancelled). */
export type StepUpRun = <T>(action: () => Promise<T>) => Promise<T | undefined>;

/**
 * Runs an API action that may need two-step verification (issue 14): when the server answers
 * 403 `step_up_required`, the "Confirm it's you" dialog signs the vendor in again in place, then the
 * action is sent again; 403 `mfa_required` explains that two-step verification must be on and opens
 * its set-up. `run` resolves with the action's result, or `undefined` when the vendor cancelled; other
 * errors are thrown as before. Render `element` where the dialogs may mount.
 */
export function useStepUp(): { run: StepUpRun; element: ReactNode } {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback(
    (kind: Prompt) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setPrompt(kind);
      }),
    [],
  );
  const settle = useCallback((confirmed: boolean) => {
    setPrompt(null);
    answer.current?.(confirmed);
    answer.current = null;
  }, []);

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
      for (let round = 0; ; round += 1) {
        try {
          return await action();
        } catch (err) {
          const code = err instanceof ApiError && err.status === 403 ? err.code : null;
          if ((code !== 'step_up_required' && code !== 'mfa_required') || round >= MAX_ROUNDS) throw err;
          if (!(await ask(code === 'step_up_required' ? 'step-up' : 'mfa-required'))) return undefined;
        }
      }
    },
    [ask],
  );

  const element = (
    <Suspense fallback={null}>
      {prompt === 'step-up' && <StepUpDialog onConfirmed={() => settle(true)} onCancel={() => settle(false)} />}
      {prompt === 'mfa-required' && (
        <Dialog
          title={t('mfa_required_title')}
          onClose={() => settle(false)}
          testId="mfa-required-dialog"
          footer={
            <>
              <Button onClick={() => settle(false)}>{t('cancel')}</Button>
              <Button variation="primary" onClick={() => setPrompt('set-up')} data-testid="mfa-required-set-up" data-autofocus>
                {t('mfa_required_set_up')}
              </Button>
            </>
          }
        >
          <p>{t('mfa_required_body')}</p>
        </Dialog>
      )}
      {prompt === 'set-up' && <TwoStepDialog mode="set-up" onClose={() => settle(false)} onChanged={(on) => settle(on)} />}
    </Suspense>
  );
  return { run, element };
}
