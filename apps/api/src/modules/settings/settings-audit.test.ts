/**
 * Shop settings changes are audited (issue 32): who, when, from where, and the before → after of
 * the fields that changed, as Admin → Audit Log and GET /api/admin/audit-events show them. A save
 * that changes nothing, or one refused as stale, leaves no event.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp;
let adminCookie: string;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  adminCookie = (await signIn(shop.app, 'admin@example.com')).cookie;
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

async function call(method: 'GET' | 'PUT', url: string, body?: unknown) {
  const response = await shop.app.inject({
    method,
    url,
    headers: {
      cookie: adminCookie,
      'user-agent': 'settings-audit-test',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function settingsEvents() {
  const page = await call('GET', '/api/admin/audit-events?action=settings.updated&pageSize=100');
  expect(page.status).toBe(200);
  return page.body.items as {
    occurredAt: string;
    actor: { email: string } | null;
    target: { type: string } | null;
    userAgent: string | null;
    details: { changes: Record<string, { from: unknown; to: unknown }> };
  }[];
}

it('records who changed the tax, the fee and the minimum order, when, and from what to what', async () => {
  const { body: current } = await call('GET', '/api/settings');
  const { version, updatedAt: _updatedAt, ...fields } = current;
  const startedAt = Date.now();
  const saved = await call('PUT', '/api/settings', {
    ...fields,
    taxRate: '8.25',
    deliveryFee: '4.99',
    minimumOrder: '15.00',
    version,
  });
  expect(saved.status).toBe(200);

  const [event] = await settingsEvents();
  expect(event).toMatchObject({
    actor: { email: 'admin@example.com' },
    target: { type: 'settings' },
    userAgent: 'settings-audit-test',
    details: {
      changes: {
        taxRate: { from: current.taxRate, to: '8.25' },
        deliveryFee: { from: current.deliveryFee, to: '4.99' },
        minimumOrder: { from: current.minimumOrder, to: '15.00' },
      },
    },
  });
  // Only what changed.
  expect(Object.keys(event!.details.changes).sort()).toEqual(['deliveryFee', 'minimumOrder', 'taxRate']);
  expect(Date.parse(event!.occurredAt)).toBeGreaterThanOrEqual(startedAt - 1000);

  // A save that changes nothing, and a stale one (409), add no event.
  const unchanged = await call('PUT', '/api/settings', {
    ...fields,
    taxRate: '8.25',
    deliveryFee: '4.99',
    minimumOrder: '15.00',
    version: saved.body.version,
  });
  expect(unchanged.status).toBe(200);
  const stale = await call('PUT', '/api/settings', { ...fields, taxRate: '1.00', version });
  expect(stale.status).toBe(409);
  expect(await settingsEvents()).toHaveLength(1);
});
