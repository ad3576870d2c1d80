import './two-step.css';
import { Button, TextField } from '@aws-amplify/ui-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP_ISSUER } from '@contracts/auth';
import { Alert } from '../alert';
import { Dialog } from '../dialog';
import { loadAuth } from '../../lib/auth-client';
import { useErrorText } from '../../lib/error-message';
import { saveWithRetryOnce } from '../../lib/save-with-retry';
import { useSession } from '../../lib/session';
import { isTotpCode, TOTP_INPUT } from '../../lib/totp';
import { groupedSecret, isWrongCode, reportTwoStep, signedInRecently } from '../../lib/two-step';

const StepUpDialog = lazy(() => import('./step-up-dialog'));

type Setup = { state: 'preparing' } | { state: 'ready'; qrSvg: string; secret: string } | { state: 'failed'; error: unknown };

export interface TwoStepDialogProps {
  /** `set-up` turns it on (QR code, key, first code); `turn-off` asks to confirm. */
  mode: 'set-up' | 'turn-off';
  onClose(): void;
  /** Saved: two-step sign-in is now on (true) or off (false). */
  onChanged(on: boolean): void;
}

/**
 * Two-step verification (issue 14), opened from Account settings. Setting up: Cognito makes a secret
 * for the signed-in user (Amplify setUpTOTP), shown once as a QR code for an authenticator app and as
 * a key to type; the app's first code proves it works (verifyTOTPSetup), then TOTP becomes the user's
 * preferred second step (updateMFAPreference). Turning it off asks first.
 */
export default function TwoStepDialog({ mode, onClose, onChanged }: TwoStepDialogProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const describeError = useErrorText();
  const [setup, setSetup] = useState<Setup>({ state: 'preparing' });
  // Turning it on needs a fresh sign-in (issue 24, item 2): after an older one, "Confirm it's you" first.
  const [signIn, setSignIn] = useState<'checking' | 'fresh' | 'confirm'>(mode === 'set-up' ? 'checking' : 'fresh');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  // One secret per opening: Cognito keeps only the latest, so a second request (React's strict-mode
  // double effect, or a re-render) would make the QR code shown disagree with the one stored.
  const preparing = useRef<Promise<{ qrSvg: string; secret: string }> | null>(null);
  useEffect(() => {
    if (signIn !== 'checking') return;
    let active = true;
    signedInRecently().then(
      (recent) => active && setSignIn(recent ? 'fresh' : 'confirm'),
      () => active && setSignIn('confirm'),
    );
    return () => {
      active = false;
    };
  }, [signIn]);
  useEffect(() => {
    if (mode !== 'set-up' || signIn !== 'fresh') return;
    let active = true;
    preparing.current ??= (async () => {
      const [{ auth }, QRCode] = await Promise.all([loadAuth(), import('qrcode')]);
      const details = await auth.setUpTOTP();
      const uri = details.getSetupUri(TOTP_ISSUER, user?.email ?? undefined);
      const qrSvg = await QRCode.toString(uri.href, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { qrSvg, secret: details.sharedSecret };
    })();
    preparing.current.then(
      (ready) => {
        if (active) setSetup({ state: 'ready', ...ready });
      },
      (error: unknown) => {
        if (active) setSetup({ state: 'failed', error });
      },
    );
    return () => {
      active = false;
    };
  }, [mode, signIn, user?.email]);

  const close = () => {
    if (!busy) onClose();
  };

  const turnOn = async () => {
    setFailure(null);
    const problem = code.trim() === '' ? t('totp_code_required') : isTotpCode(code) ? undefined : t('totp_code_format');
    setCodeError(problem);
    if (problem) return codeInput.current?.focus();
    setBusy(true);
    try {
      const { auth } = await loadAuth();
      await auth.verifyTOTPSetup({ code: code.replace(/\s/g, '') });
      await auth.updateMFAPreference({ totp: 'PREFERRED' });
    } catch (err) {
      setBusy(false);
      if (isWrongCode(err)) {
        setCodeError(t('totp_code_wrong'));
        setCode('');
        return codeInput.current?.focus();
      }
      return setFailure(t('two_step_change_failed', { message: describeError(err).message }));
    }
    // The server records the change from Cognito's own state (retried once, then only logged).
    await saveWithRetryOnce('the two-step verification state', reportTwoStep);
    setBusy(false);
    onChanged(true);
  };

  const turnOff = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const { auth } = await loadAuth();
      await auth.updateMFAPreference({ totp: 'DISABLED' });
    } catch (err) {
      setBusy(false);
      return setFailure(t('two_step_change_failed', { message: describeError(err).message }));
    }
    // The server records it and e-mails the security notice (retried once, then only logged).
    await saveWithRetryOnce('the two-step verification state', reportTwoStep);
    setBusy(false);
    onChanged(false);
  };

  if (signIn === 'checking') return null;
  if (signIn === 'confirm') {
    return (
      <Suspense fallback={null}>
        <StepUpDialog onConfirmed={() => setSignIn('fresh')} onCancel={onClose} />
      </Suspense>
    );
  }

  if (mode === 'turn-off') {
    return (
      <Dialog
        title={t('two_step_off_title')}
        onClose={close}
        testId="two-step-dialog"
        footer={
          <>
            <Button onClick={close} isDisabled={busy} data-autofocus>
              {t('cancel')}
            </Button>
            <Button variation="destructive" onClick={() => void turnOff()} isLoading={busy} loadingText={t('two_step_turning_off')} data-testid="two-step-turn-off-confirm">
              {t('two_step_turn_off')}
            </Button>
          </>
        }
      >
        {failure && <Alert tone="error" testId="two-step-error">{failure}</Alert>}
        <p>{t('two_step_off_body')}</p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={t('two_step_setup_title')}
      onClose={close}
      testId="two-step-dialog"
      form={{
        onSubmit: (e) => {
          e.preventDefault();
          if (!busy && setup.state === 'ready') void turnOn();
        },
      }}
      footer={
        <>
          <Button onClick={close} isDisabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isDisabled={busy || setup.state !== 'ready'} isLoading={busy} loadingText={t('two_step_turning_on')} data-testid="two-step-turn-on">
            {t('two_step_turn_on')}
          </Button>
        </>
      }
    >
      {failure && <Alert tone="error" testId="two-step-error">{failure}</Alert>}
      {setup.state === 'preparing' && (
        <p role="status" data-testid="two-step-preparing">
          {t('two_step_preparing')}
        </p>
      )}
      {setup.state === 'failed' && (
        <Alert tone="error" testId="two-step-setup-failed" detail={describeError(setup.error).detail}>
          {t('two_step_prepare_failed', { message: describeError(setup.error).message })}
        </Alert>
      )}
      {setup.state === 'ready' && (
        <div className="two-step-setup">
          <p>{t('two_step_setup_intro')}</p>
          <img
            className="two-step-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('two_step_qr_alt')}
            width={192}
            height={192}
            data-testid="two-step-qr"
          />
          <p className="two-step-secret-label">{t('two_step_secret_label')}</p>
          <code className="two-step-secret" data-testid="two-step-secret">
            {groupedSecret(setup.secret)}
          </code>
          <p className="settings-hint">{t('two_step_secret_once')}</p>
          <TextField
            ref={codeInput}
            label={t('two_step_code_label')}
            {...TOTP_INPUT}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hasError={Boolean(codeError)}
            errorMessage={codeError}
            isRequired
            data-testid="two-step-code"
            data-autofocus
          />
        </div>
      )}
    </Dialog>
  );
}
