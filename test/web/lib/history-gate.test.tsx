import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { installHistoryGate } from '../../../web/src/lib/history-gate';
import { useLeaveGuard } from '../../../web/src/lib/use-leave-guard';

/** A form page whose unsaved text the guard holds, with the question the item form asks. */
function Form() {
  const [text, setText] = useState('');
  const guard = useLeaveGuard(text !== '');
  return (
    <div>
      <input aria-label="text" value={text} onChange={(e) => setText(e.target.value)} />
      {guard.pending !== null && (
        <div role="dialog" aria-label="unsaved">
          <span data-testid="pending">{guard.pending}</span>
          <button type="button" onClick={guard.stay}>
            stay
          </button>
          <button type="button" onClick={guard.leave}>
            leave
          </button>
        </div>
      )}
    </div>
  );
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

const back = () =>
  act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true, capture: true }));
    window.history.back();
    await popped;
  });

/**
 * Issue 24: the app runs on a plain <BrowserRouter> (no data router, ~16 KB gzip off the first visit
 * of '/'), and the history gate holds the browser's Back button over unsaved work as `useBlocker` did.
 */
describe('the history gate with a BrowserRouter', () => {
  beforeAll(() => installHistoryGate());

  it('holds Back over unsaved changes (the URL stays), forgets it on stay, and goes back on leave', async () => {
    window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', '/products');
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/products" element={<Link to="/products/new">add</Link>} />
          <Route path="/products/new" element={<Form />} />
        </Routes>
        <Where />
      </BrowserRouter>,
    );
    await act(async () => screen.getByText('add').click());
    expect(screen.getByTestId('where').textContent).toBe('/products/new');

    // Nothing typed: Back goes at once.
    await back();
    expect(screen.getByTestId('where').textContent).toBe('/products');
    await act(async () => screen.getByText('add').click());

    const input = screen.getByLabelText('text');
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'Oolong');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

    await back();
    expect(screen.getByTestId('pending').textContent).toBe('/products');
    expect(screen.getByTestId('where').textContent).toBe('/products/new');
    // The gate undid the step: the address is the form's again.
    await waitFor(() => expect(window.location.pathname).toBe('/products/new'));
    await act(async () => screen.getByText('stay').click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname).toBe('/products/new');
    expect((screen.getByLabelText('text') as HTMLInputElement).value).toBe('Oolong');

    await back();
    expect(screen.getByTestId('where').textContent).toBe('/products/new');
    await waitFor(() => expect(window.location.pathname).toBe('/products/new'));
    await act(async () => {
      screen.getByText('leave').click();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true, capture: true }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/products');
    expect(window.location.pathname).toBe('/products');
  });
});
