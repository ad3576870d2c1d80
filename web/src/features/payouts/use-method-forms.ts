import { useCallback, useEffect, useState } from 'react';

/**
 * The payout-method forms (react-hook-form and the destination schema's zod) are a chunk of their own,
 * fetched as the page loads its data: the page does not wait for it, and its Set up buttons show once
 * the forms can open at once (or, should the chunk fail, fetch it again when pressed).
 */
const loadMethodForms = () => import('./payout-method-forms');
export type MethodForms = Awaited<ReturnType<typeof loadMethodForms>>;

/**
 * The forms' chunk once it is here (null before, or after a failed fetch); `settled` once its first
 * fetch ended either way (the buttons then show: pressed after a failure, they fetch it again, `retry`).
 */
export function useMethodForms(): { forms: MethodForms | null; settled: boolean; retry(): void } {
  const [forms, setForms] = useState<MethodForms | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadMethodForms().then(
      (m) => live && setForms(m),
      () => live && setForms('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const retry = useCallback(() => {
    if (forms === 'failed') loadMethodForms().then(setForms, () => undefined);
  }, [forms]);
  return { forms: forms === 'failed' ? null : forms, settled: forms !== null, retry };
}
