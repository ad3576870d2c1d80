import { useId, type ReactNode } from 'react';

/**
 * A labelled control. With `error`, the control is marked (aria-invalid) and points at the message
 * shown under it (aria-describedby), as the wizard's per-step checks and the server's 400s mark the field.
 */
export function PayoutField({ label, children, optional, error, hint }: { label: string; children: (id: string, described: Record<string, unknown>) => ReactNode; optional?: string | undefined; error?: string | undefined; hint?: string | undefined }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const described = { ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
  return (
    <div className="payout-field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="muted"> ({optional})</span>}
      </label>
      {children(id, described)}
      {hint && (
        <p id={`${id}-hint`} className="muted payout-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="payout-field-error" data-testid="bank-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function displayNames(language: string, type: 'region' | 'currency') {
  try {
    return new Intl.DisplayNames([language], { type });
  } catch {
    return undefined;
  }
}
