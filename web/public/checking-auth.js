/* global window, document */
/*
 * Paints the route guard's full-screen lock, "Checking authentication..." (spec §2), on a guarded
 * page opened with a stored session, as soon as the HTML is parsed and this file is here: the lock
 * the app shows first there anyway, without waiting for the app's JavaScript (~125 KB gzip) to
 * download and run. The app's first render replaces it with its own, identical lock, kept until
 * `/api/me` has answered. A classic script from the site's origin (the CSP allows no inline script),
 * loaded `async`: it never holds up parsing or the login page, and if the app has rendered first (its
 * root is no longer empty) it does nothing. Kept in step with web/src/app/routes.tsx (`routeAccess`:
 * every non-public path), hasStoredSession (web/src/lib/auth-client.ts) and the English
 * `checking_authentication` (the app shows English until the vendor's language is known) by
 * test/web/app/checking-auth-script.test.ts.
 */
(function () {
  'use strict';
  var GUARDED = /^\/(?:dashboard|team|activity|orders|orders\/[^/]+|payouts|products|products\/new|products\/[^/]+\/edit|inventory|inventory\/bulk|notifications|support|support\/[^/]+|admin(?:\/.*)?)$/;
  var SESSION_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;
  try {
    var pathname = window.location.pathname;
    var path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (!GUARDED.test(path)) return;
    var stored = false;
    for (var i = 0; i < window.localStorage.length; i++) {
      if (SESSION_KEY.test(window.localStorage.key(i) || '')) {
        stored = true;
        break;
      }
    }
    var root = document.getElementById('root');
    if (!stored || !root || root.firstChild) return;
    root.innerHTML =
      '<div class="full-screen-lock" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span><p class="full-screen-lock-message">Checking authentication...</p></div>';
  } catch {
    // Storage blocked (privacy settings): nothing was stored either; the app decides.
  }
})();
