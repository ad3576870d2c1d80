import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from '../../lib/field-errors';
import { useAdminTranslation } from './admin-i18n';

/**
 * A 400's `fields` (lib/field-errors.ts, the web's one reader) for this form's own fields, set as their
 * errors with the server's code as the message: the console's schemas in contracts/ (the server's and
 * the form's) use text keys as their messages, so a field says the same whichever side refused it.
 * True when any field was set (the form then says nothing more).
 */
export function setServerFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  const codes: Record<string, string | undefined> = serverFieldErrors(err);
  let set = false;
  for (const field of fields) {
    const code = codes[field];
    if (!code) continue;
    setError(field, { type: 'server', message: code }, { shouldFocus: !set });
    set = true;
  }
  return set;
}

/** A field's error message as text: the text key it is (console or portal texts), else `fallback`'s text. */
export function useFieldErrorText(): (message: string | undefined, fallback: string) => string | undefined {
  const { t, i18n } = useAdminTranslation();
  return (message, fallback) => (message === undefined ? undefined : t(i18n.exists(message, { ns: ['admin', 'translation'] }) ? message : fallback));
}

/** The line under a field that says what is wrong with it (`alert`: role="alert", said at once). */
export function FieldError({ id, text, testId, className = 'admin-field-error', alert = true }: { id: string; text: string | undefined; testId?: string; className?: string; alert?: boolean }) {
  if (!text) return null;
  return (
    <p id={id} className={className} role={alert ? 'alert' : undefined} data-testid={testId ?? id}>
      {text}
    </p>
  );
}
