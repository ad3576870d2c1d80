import './alert.css';
import type { ReactNode } from 'react';

export interface AlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
  /** Shows a dismiss button (its accessible name is `dismissLabel`). */
  onDismiss?: () => void;
  dismissLabel?: string;
  testId?: string;
}

/**
 * An in-page message with role="alert", so screen readers announce it as it appears. The portal's
 * replacement for the spec's browser alerts (support outcomes, password change): never window.alert.
 */
export function Alert({ tone, children, onDismiss, dismissLabel, testId }: AlertProps) {
  return (
    <div className={`alert alert-${tone}`} role="alert" data-testid={testId}>
      <p className="alert-text">{children}</p>
      {onDismiss && (
        <button type="button" className="alert-dismiss" aria-label={dismissLabel} onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
