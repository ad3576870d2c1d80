import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dropHeldStep, guardHistory, heldStep, onHeldStep, releaseHeldStep } from './history-gate';

/**
 * Keeps unsaved work from being lost while `dirty`:
 * - closing the tab, reloading or typing another address: the browser's own "Leave site?" prompt
 *   (`beforeunload`; browsers show their own text);
 * - following an in-app link (header, "Cancel", "Back to products"...): the click is held and
 *   `pending` names where it would go, so the page can ask; `leave()` goes there, `stay()` forgets it.
 *
 * - the browser's Back and Forward buttons: the history gate (history-gate.ts, ahead of the router)
 *   holds the history step the same way; `leave()` lets it proceed. (react-router's `useBlocker`
 *   would need a data router, ~16 KB gzip more on every first visit: issue 24.)
 *
 * Links are caught with one capturing click listener on the document, ahead of react-router's own
 * handler, rather than by blocking every push: programmatic navigations (after a save, signing out,
 * a session that ended) are not held (docs/decisions.md, "Quality pass (issue 10)").
 */
export function useLeaveGuard(dirty: boolean): { pending: string | null; stay(): void; leave(): void } {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const leaving = useRef(false);
  const location = useLocation();
  // Back / Forward: only history steps are held here; pushes are links (held below) or code.
  useEffect(() => {
    if (!dirty) return;
    const from = location.pathname + location.search;
    return guardHistory((to) => {
      const url = new URL(to, window.location.origin);
      return !leaving.current && url.pathname + url.search !== from;
    });
  }, [dirty, location.key, location.pathname, location.search]);
  const held = useSyncExternalStore(onHeldStep, heldStep, () => null);
  const blockedTo = held?.to ?? null;

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (leaving.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      // The same page (a skip link to #main, a link to where we are): nothing is lost.
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(url.pathname + url.search + url.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const stay = useCallback(() => {
    setPending(null);
    if (heldStep()) dropHeldStep();
  }, []);
  const leave = useCallback(() => {
    if (heldStep()) {
      leaving.current = true;
      releaseHeldStep();
      return;
    }
    if (pending === null) return;
    leaving.current = true;
    setPending(null);
    navigate(pending);
  }, [navigate, pending]);
  return { pending: pending ?? blockedTo, stay, leave };
}
