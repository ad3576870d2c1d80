import { useEffect, useState, type FocusEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clearDraft, DRAFT_FORMS, readDraft, writeDraft } from '../../lib/form-draft';
import { draftSchema, fieldProblems, resolver, type SupportFormValues } from './support-form';

/**
 * The Contact support form (react-hook-form on the server's schema, ./support-form.ts) with what the
 * vendor typed kept as a draft for this user in this tab (issue 24, item 11: a forced sign-in or a
 * reload must not lose it), and what each field says as it is typed.
 */
export function useSupportForm(userId: string | undefined) {
  const { t } = useTranslation();
  // What the vendor typed before a forced sign-in, kept for this user in this tab.
  const [restored] = useState(() => readDraft(userId, DRAFT_FORMS.supportCase, draftSchema));
  const form = useForm<SupportFormValues>({ resolver, defaultValues: restored?.values ?? { category: '', message: '' } });
  const [category, message] = useWatch({ control: form.control, name: ['category', 'message'] });
  // Inline errors show once the vendor tried to send, or changed the category, or left a message they had changed.
  const [shown, setShown] = useState({ category: false, message: false });
  // Typed in at all (even back to empty): leaving it then says what is missing.
  const [messageChanged, setMessageChanged] = useState(false);

  // Every change is kept at once: the session can end on any call, and a reload must not lose it either.
  useEffect(() => {
    if (category === '' && message === '') clearDraft(userId, DRAFT_FORMS.supportCase);
    else writeDraft(userId, DRAFT_FORMS.supportCase, { values: { category, message }, reopen: false });
  }, [userId, category, message]);

  // What is said by each field follows the values as they are typed (the schema run on them at once;
  // react-hook-form's own errors settle a tick later): shown after a send, a category change, or
  // leaving a message that was typed in.
  const problems = fieldProblems({ category, message });
  const visible = (field: 'category' | 'message') => form.formState.isSubmitted || shown[field];
  const categoryField = form.register('category', { onChange: () => setShown((s) => ({ ...s, category: true })) });
  const messageField = form.register('message', { onChange: () => setMessageChanged(true) });
  // Said at once on leaving the field (react-hook-form's own handlers settle a tick later).
  const onMessageBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    if (messageChanged) setShown((s) => ({ ...s, message: true }));
    void messageField.onBlur(event);
  };
  return {
    form,
    restored: Boolean(restored),
    complete: category !== '' && message.trim() !== '',
    categoryField,
    messageField: { ...messageField, onBlur: onMessageBlur },
    categoryError: visible('category') && problems.category ? t('please_select_category') : undefined,
    messageError: visible('message') && problems.message ? t(problems.message === 'too_big' ? 'listing_error_too_long' : 'please_enter_message') : undefined,
  };
}
