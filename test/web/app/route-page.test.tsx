import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage, RoutePage } from '../../../web/src/app/routes';

/** A page that counts its mounts and holds a piece of state (a click count). */
function pageModule(mounts: { count: number }) {
  function Page() {
    const [clicks, setClicks] = useState(0);
    useEffect(() => {
      mounts.count++;
    }, []);
    return (
      <button type="button" onClick={() => setClicks((c) => c + 1)}>
        clicked {clicks}
      </button>
    );
  }
  return { default: Page };
}

function Fallback({ shown }: { shown: string[] }) {
  shown.push('fallback');
  return <p>Loading…</p>;
}

describe('RoutePage', () => {
  it('shows the Suspense fallback while a page’s code is still loading', async () => {
    const page = lazyPage(async () => pageModule({ count: 0 }));
    const shown: string[] = [];
    render(
      <Suspense fallback={<Fallback shown={shown} />}>
        <RoutePage page={page} />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: 'clicked 0' })).toBeTruthy();
    expect(shown).toContain('fallback');
  });

  it('renders a page fetched ahead at once: no fallback, nothing to wait for (no reveal delay)', async () => {
    const page = lazyPage(async () => pageModule({ count: 0 }));
    await page.preload();
    const shown: string[] = [];
    render(
      <Suspense fallback={<Fallback shown={shown} />}>
        <RoutePage page={page} />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'clicked 0' })).toBeTruthy();
    expect(shown).toEqual([]);
  });

  it('keeps a page mounted (and its state) when it re-renders after its code arrived', async () => {
    const mounts = { count: 0 };
    const page = lazyPage(async () => pageModule(mounts));
    const view = render(
      <Suspense fallback={<p>Loading…</p>}>
        <RoutePage page={page} />
      </Suspense>,
    );
    const button = await screen.findByRole('button', { name: 'clicked 0' });
    act(() => button.click());
    view.rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <RoutePage page={page} />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy();
    expect(mounts.count).toBe(1);
  });
});
