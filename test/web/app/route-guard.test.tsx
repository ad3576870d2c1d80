import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminGuard, REDIRECT_DELAY_MS, RouteGuard } from '../../../web/src/app/route-guard';
import { i18n } from '../../../web/src/i18n/i18n';
import { SessionContextForTests, type Session } from '../../../web/src/lib/session';

function session(overrides: Partial<Session>): Session {
  return {
    status: 'signed-out',
    user: null,
    roles: [],
    vendorId: null,
    vendorName: null,
    memberRole: null,
    joined: null,
    idToken: null,
    notice: null,
    loading: false,
    language: 'en',
    signIn: vi.fn(),
    confirmTotpCode: vi.fn(),
    signOut: vi.fn(),
    changeLanguage: vi.fn(),
    changeLanguageLocally: vi.fn(),
    refresh: vi.fn(),
    dismissJoined: vi.fn(),
    ...overrides,
  };
}

function renderGuarded(value: Session, path = '/dashboard') {
  return render(
    <I18nextProvider i18n={i18n}>
      <SessionContextForTests.Provider value={value}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>Login page</p>} />
            <Route
              path="/admin/*"
              element={
                <AdminGuard otherwise={<p>Not found</p>}>
                  <p>Console content</p>
                </AdminGuard>
              }
            />
            <Route
              path="/dashboard"
              element={
                <RouteGuard>
                  <p>Dashboard content</p>
                </RouteGuard>
              }
            />
          </Routes>
        </MemoryRouter>
      </SessionContextForTests.Provider>
    </I18nextProvider>,
  );
}

describe('RouteGuard (spec §2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows a full-screen lock 'Checking authentication...' while loading", () => {
    renderGuarded(session({ status: 'loading', loading: true }));
    expect(screen.getByRole('status').textContent).toBe('Checking authentication...');
    expect(screen.queryByText('Dashboard content')).toBeNull();
    act(() => vi.advanceTimersByTime(REDIRECT_DELAY_MS * 4));
    expect(screen.queryByText('Login page')).toBeNull();
  });

  it("with no user: 'Redirecting to login...', then /", () => {
    renderGuarded(session({}));
    expect(screen.getByRole('status').textContent).toBe('Redirecting to login...');
    expect(screen.queryByText('Dashboard content')).toBeNull();
    act(() => vi.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(screen.getByText('Login page')).toBeTruthy();
  });

  it('with a user but no vendor id (not approved): redirects too', () => {
    renderGuarded(session({ status: 'signed-in', user: { userId: 'u', email: 'e@x.y' } }));
    expect(screen.getByRole('status').textContent).toBe('Redirecting to login...');
    act(() => vi.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(screen.getByText('Login page')).toBeTruthy();
  });

  it('renders the page for a user with a vendor id', () => {
    renderGuarded(session({ status: 'signed-in', user: { userId: 'u', email: 'e@x.y' }, roles: ['vendor'], vendorId: 'V-10001', vendorName: 'Shop' }));
    expect(screen.getByText('Dashboard content')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends an admin without a vendor id to the ops console, not to the login page (docs/decisions.md)', () => {
    renderGuarded(session({ status: 'signed-in', user: { userId: 'ops', email: 'ops@example.com' }, roles: ['admin'] }));
    expect(screen.getByText('Console content')).toBeTruthy();
    expect(screen.queryByText('Dashboard content')).toBeNull();
    expect(screen.queryByText('Redirecting to login...')).toBeNull();
  });

  it('lets an admin who is also an approved vendor open the vendor page', () => {
    renderGuarded(session({ status: 'signed-in', user: { userId: 'u', email: 'e@x.y' }, roles: ['vendor', 'admin'], vendorId: 'V-10001' }));
    expect(screen.getByText('Dashboard content')).toBeTruthy();
  });

  it('speaks the current language', async () => {
    const { switchLanguage } = await import('../../../web/src/i18n/i18n');
    vi.useRealTimers();
    await switchLanguage('zh-TW');
    renderGuarded(session({ status: 'loading', loading: true }));
    expect(screen.getByRole('status').textContent).toBe('正在驗證身分...');
    await switchLanguage('en');
  });
});

describe('AdminGuard (issue 11): the ops console for the group admins only', () => {
  it("shows 'Checking authentication...' while the session loads, neither the console nor the fallback", () => {
    renderGuarded(session({ status: 'loading', loading: true }), '/admin');
    expect(screen.getByRole('status').textContent).toBe('Checking authentication...');
    expect(screen.queryByText('Console content')).toBeNull();
    expect(screen.queryByText('Not found')).toBeNull();
  });

  it('renders the console for an admin', () => {
    renderGuarded(session({ status: 'signed-in', user: { userId: 'ops', email: 'ops@example.com' }, roles: ['admin'] }), '/admin');
    expect(screen.getByText('Console content')).toBeTruthy();
  });

  it.each([
    ['an approved vendor', session({ status: 'signed-in', user: { userId: 'u', email: 'e@x.y' }, roles: ['vendor'], vendorId: 'V-10001' })],
    ['a visitor nobody signed in', session({})],
  ])('gives %s what the spec gives the /admin prefix (the fallback), never the console', (_who, value) => {
    renderGuarded(value, '/admin/vendors');
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(screen.queryByText('Console content')).toBeNull();
    expect(screen.queryByText('Login page')).toBeNull();
  });
});
