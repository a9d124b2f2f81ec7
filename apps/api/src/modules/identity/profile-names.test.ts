/**
 * A shopper's own name survives the next sign-in: the provider's claims fill only the names the
 * shopper has not set. Through the real sign-in flow with the development provider, whose claims
 * for customer@example.com say 'Casey Customer'.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp;
beforeAll(async () => {
  shop = await startTestApp({ listen: false });
});
afterAll(async () => {
  await shop?.close();
});

it('a name edited in the profile is still there after signing in again', async () => {
  const before = await signIn(shop.app, 'customer@example.com');
  expect(before.user).toMatchObject({ firstName: 'Casey', lastName: 'Customer' });

  const edit = await shop.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    headers: { cookie: before.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ firstName: 'Cassandra', lastName: 'Kunde' }),
  });
  expect(edit.statusCode).toBe(200);

  const after = await signIn(shop.app, 'customer@example.com'); // a new browser, the same claims
  expect(after.user).toMatchObject({ firstName: 'Cassandra', lastName: 'Kunde' });
});
