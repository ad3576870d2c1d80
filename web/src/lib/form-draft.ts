/**
 * What a user typed into a form, kept while they are signed out and in again (issue 24, item 11): a call
 * that finds the session gone signs the user out (spec §8), and the text they were sending must not go
 * with it. Kept in sessionStorage (this tab only, gone with it), keyed by the user and the form, so another
 * user signing in on the same tab never sees it; cleared when the form is sent or cancelled.
 *
 * `reopen` marks a draft whose form was open when the session ended: the page that owns the form opens it
 * again after the sign-in (the header's support dialog).
 */
import type * as z from 'zod';

export interface FormDraft<T> {
  values: T;
  reopen: boolean;
}

const key = (userId: string, form: string) => `draft:v1:${userId}:${form}`;

/** The user's draft of `form`, when one is kept and still has the form's shape (`schema`, at this storage boundary). */
export function readDraft<T>(userId: string | null | undefined, form: string, schema: z.ZodType<T>): FormDraft<T> | null {
  if (!userId) return null;
  try {
    const raw = sessionStorage.getItem(key(userId, form));
    if (!raw) return null;
    const stored = JSON.parse(raw) as { values?: unknown; reopen?: unknown };
    const values = schema.safeParse(stored.values);
    return values.success ? { values: values.data, reopen: stored.reopen === true } : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(userId: string | null | undefined, form: string, draft: FormDraft<T>): void {
  if (!userId) return;
  try {
    sessionStorage.setItem(key(userId, form), JSON.stringify(draft));
  } catch {
    // Blocked or full storage: the form still works, only the copy for after a sign-in is missing.
  }
}

export function clearDraft(userId: string | null | undefined, form: string): void {
  if (!userId) return;
  try {
    sessionStorage.removeItem(key(userId, form));
  } catch {
    // Nothing stored then.
  }
}

/** The forms that keep drafts, by the name their drafts are kept under. */
export const DRAFT_FORMS = { supportCase: 'support-case' } as const;

/**
 * Whether the user's draft of `form` waits to be reopened (its form was open when the session ended). Read
 * without the form's schema, so the page that opens the form need not load the form's code to ask.
 */
export function draftWaiting(userId: string | null | undefined, form: string): boolean {
  if (!userId) return false;
  try {
    const raw = sessionStorage.getItem(key(userId, form));
    return raw !== null && (JSON.parse(raw) as { reopen?: unknown }).reopen === true;
  } catch {
    return false;
  }
}
