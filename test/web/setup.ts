import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Testing Library drains pending work with a setTimeout(0) and advances it only when it sees Jest's
// fake timers (`jest.advanceTimersByTime`); give it vitest's, so user-event works under vi.useFakeTimers().
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
