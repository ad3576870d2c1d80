import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes, routeAccess } from '../../../web/src/app/routes';
import en from '../../../web/src/i18n/en.json';
import zhTW from '../../../web/src/i18n/zh-TW.json';

/**
 * web/public/checking-auth.js paints the route guard's lock from the HTML, before the app loads. It
 * must paint it exactly where the app's first render shows it: a non-public route with a stored
 * session (App's LayoutFallback, RouteGuard, AdminGuard), with the app's text and markup.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const script = readFileSync(path.join(root, 'web/public/checking-auth.js'), 'utf8');
const SESSION_KEY = 'CognitoIdentityServiceProvider.client123.LastAuthUser';

function runAt(pathname: string, { stored }: { stored: boolean }): HTMLElement {
  window.history.replaceState(null, '', pathname);
  localStorage.clear();
  if (stored) localStorage.setItem(SESSION_KEY, 'user-1');
  document.body.innerHTML = '<div id="root"></div>';
  new Function(script)();
  return document.getElementById('root')!;
}

/** Every route of the table with its parameters filled in, with and without a trailing slash, and paths no route names. */
const paths = [
  ...appRoutes.map((r) => r.path.replace(/:\w+/g, 'P-7').replace('/*', '/vendors/V-1').replace(/^\*$/, '/no-such-page')),
  '/dashboard/',
  '/products/P-7/edit/',
  '/admin',
  '/admin/',
  '/administrator',
  '/products/P-7',
  '/support/C-1/x',
  '/orders/extra',
];

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('checking-auth.js (the lock painted from the HTML)', () => {
  it.each(paths)('%s: the lock exactly where the app shows it first (a non-public route, a stored session)', (pathname) => {
    const guarded = routeAccess(pathname).access !== 'public';
    const lock = runAt(pathname, { stored: true }).querySelector('[role="status"]');
    expect(Boolean(lock), `${pathname} (${routeAccess(pathname).access})`).toBe(guarded);
    expect(runAt(pathname, { stored: false }).innerHTML).toBe('');
  });

  it('says what the app says while the session is checked (English until the vendor’s language is known), in its markup', () => {
    const lock = runAt('/inventory', { stored: true });
    expect(lock.textContent).toBe(en.checking_authentication);
    expect(lock.textContent).not.toBe(zhTW.checking_authentication);
    expect(lock.querySelector('.full-screen-lock[role="status"][aria-live="polite"] > .spinner[aria-hidden="true"] + p.full-screen-lock-message')).not.toBeNull();
  });

  it('ignores session keys of other sites’ formats and leaves a root the app already filled alone', () => {
    window.history.replaceState(null, '', '/dashboard');
    localStorage.clear();
    localStorage.setItem('CognitoIdentityServiceProvider.client123.user-1.idToken', 'x');
    document.body.innerHTML = '<div id="root"></div>';
    new Function(script)();
    expect(document.getElementById('root')!.innerHTML).toBe('');
    localStorage.setItem(SESSION_KEY, 'user-1');
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    new Function(script)();
    expect(document.getElementById('root')!.innerHTML).toBe('<p>app</p>');
  });

  it('is loaded by index.html before the app’s entry module', () => {
    const html = readFileSync(path.join(root, 'web/index.html'), 'utf8');
    const lockAt = html.indexOf('<script src="/checking-auth.js" async></script>');
    expect(lockAt).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
    expect(lockAt).toBeLessThan(html.indexOf('<script type="module"'));
  });
});
