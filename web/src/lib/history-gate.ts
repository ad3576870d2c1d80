/**
 * Holds the browser's Back and Forward buttons over unsaved work without a data router (issue 24):
 * react-router's `useBlocker` needs `createBrowserRouter`, whose data-router code (loaders, actions,
 * fetchers: ~16 KB gzip) every first visitor of '/' downloaded for this one use. The app runs on a
 * `<BrowserRouter>`; this gate listens to `popstate` ahead of it (installed before the router renders,
 * so its listener comes first) and, while a guard says so, keeps the step from the router, undoes it
 * (`history.go`) and reports where it would have gone. `release()` lets the step happen after all.
 *
 * react-router's browser history numbers its entries (`history.state.idx`), which tells how many steps
 * a Back or Forward (or a jump in the history menu) took, and so how to undo it.
 */
export type HistoryGuard = (to: string) => boolean;

interface Held {
  /** Where the step would have gone (path + search + hash). */
  to: string;
  /** The step, in history entries (negative: back). */
  delta: number;
}

let guard: HistoryGuard | null = null;
let held: Held | null = null;
/** The entry index the app is at, as the router numbered it. */
let currentIdx = 0;
/** The next popstate is our own undo: keep it from the router too. */
let undoing = false;
/** The next popstate is a held step let through. */
let releasing = false;
const listeners = new Set<(held: Held | null) => void>();

const entryIdx = (): number => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
};
const here = () => window.location.pathname + window.location.search + window.location.hash;
const notify = () => {
  for (const listener of listeners) listener(held);
};

let installed = false;
/** Once, before the router: its popstate listener must run after this one. */
export function installHistoryGate(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => {
    if (undoing) {
      undoing = false;
      event.stopImmediatePropagation();
      return;
    }
    if (releasing) {
      releasing = false;
      currentIdx = entryIdx();
      return;
    }
    const to = here();
    if (!guard?.(to)) {
      currentIdx = entryIdx();
      return;
    }
    event.stopImmediatePropagation();
    const delta = entryIdx() - currentIdx;
    if (delta === 0) return;
    undoing = true;
    window.history.go(-delta);
    held = { to, delta };
    notify();
  });
}

/**
 * Guards history steps with `check` (true: hold the step) until the returned function is called. Call
 * again when the app's location changes: the gate learns the current entry from it.
 */
export function guardHistory(check: HistoryGuard): () => void {
  currentIdx = entryIdx();
  guard = check;
  return () => {
    if (guard === check) guard = null;
  };
}

/** The step held now, if any, and a listener for changes. */
export function heldStep(): Held | null {
  return held;
}
export function onHeldStep(listener: (held: Held | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the held step (the user stays). */
export function dropHeldStep(): void {
  held = null;
  notify();
}

/** Takes the held step after all (the user leaves): the router sees it as the Back or Forward it was. */
export function releaseHeldStep(): void {
  if (!held) return;
  const { delta } = held;
  held = null;
  releasing = true;
  notify();
  window.history.go(delta);
}
