import './alert.css';
import type { ReactNode } from 'react';
import { ErrorDetail } from './error-detail';

export interface AlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
  /** Shows a dismiss button (its accessible name is `dismissLabel`). */
  onDismiss?: () => void;
  dismissLabel?: string;
  testId?: string;
  /** The request's reference under the message (lib/error-message.ts `ErrorText.detail`). */
  detail?: string | null;
}

/**
 * An in-page message with role="alert", so screen readers announce it as it appears. The portal's
 * replacement for the spec's browser alerts (support outcomes, password change): never window.alert.
 */
export function Alert({ tone, children, onDismiss, dismissLabel, testId, detail }: AlertProps) {
  return (
    <div className={`alert alert-${tone}`} role="alert" data-testid={testId}>
      {detail ? (
        <div className="alert-text">
          <p className="error-sentence">{children}</p>
          <ErrorDetail text={detail} />
        </div>
      ) : (
        <p className="alert-text">{children}</p>
      )}
      {onDismiss && (
        <button type="button" className="alert-dismiss" aria-label={dismissLabel} onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
