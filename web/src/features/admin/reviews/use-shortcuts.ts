import { useEffect, useRef } from 'react';

/** Where typing goes to the page's text, not to shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(type);
}

/**
 * Single-key shortcuts for the page (e.g. `a` approve): ignored while typing in a field, with a
 * modifier (Ctrl, Alt, Meta: the browser's and the screen reader's own keys), when `enabled` is false
 * (a dialog is open, a decision is being sent) and when something else handled the key already.
 */
export function useShortcuts(keys: Record<string, () => void>, enabled: boolean): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isTyping(event.target)) return;
      const action = latest.current[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
