import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlQuery } from '../../../web/src/lib/use-url-query';

/** A page whose state is `?size=s|m|l` (default m); anything else is not its to keep. */
const parseSize = (params: URLSearchParams): 's' | 'm' | 'l' => {
  const raw = params.get('size');
  return raw === 's' || raw === 'l' ? raw : 'm';
};
const sizeParams = (size: 's' | 'm' | 'l', params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (size === 'm') next.delete('size');
  else next.set('size', size);
  return next;
};

function Page() {
  const { query } = useUrlQuery(parseSize, sizeParams);
  return <p data-testid="size">{query}</p>;
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/', element: <Page /> }], { initialEntries: ['/', url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUrlQuery: a page state kept in the URL', () => {
  it('reads the state and drops what the page could not use, replacing the history entry', async () => {
    const router = open('/?size=xl&other=1');
    expect(screen.getByTestId('size').textContent).toBe('m');
    await waitFor(() => expect(router.state.location.search).toBe('?other=1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a URL that already says what is shown alone', async () => {
    const router = open('/?size=l');
    expect(screen.getByTestId('size').textContent).toBe('l');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.search).toBe('?size=l');
    expect(router.state.historyAction).toBe('POP'); // the initial entry: no navigation happened
  });
});
