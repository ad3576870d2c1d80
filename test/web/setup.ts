import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait on a condition up to 15 s instead of Testing Library's 1 s: a route's lazy chunk
// can take longer than a second to load on a busy 2-core machine (CI), and a passing wait returns as
// soon as its condition holds, so this costs nothing when the machine is quiet.
configure({ asyncUtilTimeout: 15_000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Testing Library drains pending work with a setTimeout(0) and advances it only when it sees Jest's
// fake timers (`jest.advanceTimersByTime`); give it vitest's, so user-event works under vi.useFakeTimers().
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
