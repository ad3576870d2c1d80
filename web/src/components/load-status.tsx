import './load-status.css';
import { ErrorDetail } from './error-detail';

export interface LoadStatusProps {
  /** idle renders the (empty) live region only, so later changes are announced. */
  state: 'idle' | 'loading' | 'failed';
  loadingText: string;
  /** What failed, shown with the retry button. */
  errorText?: string;
  /** The request's reference under errorText (lib/error-message.ts `ErrorText.detail`). */
  errorDetail?: string | null;
  /** Said (visually hidden) once loaded, e.g. "Page 2: 25 orders.", so a screen reader hears the result. */
  loadedText?: string;
  retryLabel: string;
  onRetry(): void;
  testId?: string;
}

/**
 * The state of the data a page loads, in one polite live region that is always in the page: "Loading
 * sales..." while a request runs, then nothing, or what failed with a retry button. Polite, not an
 * alert: a page's first load failing is news, not an interruption, and the region announces it in turn
 * (see docs/decisions.md, "Sales pages").
 */
export function LoadStatus({ state, loadingText, errorText, errorDetail, loadedText, retryLabel, onRetry, testId }: LoadStatusProps) {
  return (
    <div className="load-status" role="status" aria-live="polite" data-testid={testId} data-state={state}>
      {state === 'loading' && (
        <p className="load-status-loading">
          <span className="load-status-spinner" aria-hidden="true" />
          {loadingText}
        </p>
      )}
      {state === 'idle' && loadedText && <span className="visually-hidden">{loadedText}</span>}
      {state === 'failed' && (
        <div className="load-status-error">
          {errorDetail ? (
            <div className="load-status-error-text">
              <p className="error-sentence">{errorText}</p>
              <ErrorDetail text={errorDetail} />
            </div>
          ) : (
            <p className="load-status-error-text">{errorText}</p>
          )}
          <button type="button" className="load-status-retry" onClick={onRetry}>
            {retryLabel}
          </button>
        </div>
      )}
    </div>
  );
}
