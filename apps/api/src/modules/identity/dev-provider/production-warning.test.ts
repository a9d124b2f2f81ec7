/**
 * The development sign-in in production (AUTH_DEV_PROVIDER=true, for a demo) says so on its page,
 * so nobody mistakes the demo for a real shop's sign-in; in development the page stays quiet.
 */
import { afterEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { CookieJar } from '../../../test/cookie-jar';
import { openSignInPage } from '../../../test/sign-in';
import { PRODUCTION_WARNING } from './pages';

let shop: TestApp | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

const warning = PRODUCTION_WARNING.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

it('shows the production warning on the sign-in page', async () => {
  shop = await startTestApp({
    listen: false,
    env: {
      NODE_ENV: 'production',
      AUTH_DEV_PROVIDER: 'true',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
      PUBLIC_URL: 'http://localhost',
      // The test's own database is passed in; plain http on this computer (issue 32's allowances).
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ALLOW_EMBEDDED_DATABASE: 'true',
    },
  });
  const { html } = await openSignInPage(shop.app, new CookieJar());
  expect(html).toContain(`<p class="warning" role="alert">${warning}</p>`);
});

it('shows no warning in development', async () => {
  shop = await startTestApp({ listen: false });
  const { html } = await openSignInPage(shop.app, new CookieJar());
  expect(html).toContain('<h1>Development sign-in</h1>');
  expect(html).not.toContain('class="warning"');
});
