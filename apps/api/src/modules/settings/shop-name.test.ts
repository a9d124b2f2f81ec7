/**
 * The shop's name reaches every screen and email (issue 33 item 7): renamed in Admin → Settings, it
 * is the last part of every page's title the server writes (a screen's, a product's, the 404 page's)
 * and of its `application-name`, and an order email says it in its HTML title, its signature and as
 * the sender's name (the address stays MAIL_FROM's), over a real SMTP server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { freePort } from '../../test/free-port';
import { cardOrder, makeProduct, uniqueEmail } from '../../test/order-fixtures';

const SHOP_NAME = 'Corner Grocer & Sons';
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Fresh produce, delivered." /><title>FreshCart Market</title></head>' +
  '<body><div id="root"></div></body></html>';

const webDist = mkdtempSync(join(tmpdir(), 'shop-name-pages-'));
const received: string[] = [];
let smtp: SMTPServer;
let t: TestApp;

const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
const appNameOf = (body: string) => /<meta name="application-name" content="([^"]*)">/.exec(body)?.[1];

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  t = await startTestApp({
    listen: false,
    env: {
      WEB_DIST: webDist,
      ORDER_EMAILS: 'true',
      MAIL_POLL_SECONDS: '0.5',
      MAIL_RETRY_DELAY_SECONDS: '1',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'FreshCart <orders@corner.example>',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  rmSync(webDist, { recursive: true, force: true });
});

async function rename(name: string) {
  const admin = await signIn(t.app, 'admin@example.com');
  const current = await t.app.inject({ url: '/api/settings' });
  const { updatedAt: _, ...settings } = current.json() as Record<string, unknown>;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { cookie: admin.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ ...settings, shopName: name }),
  });
  expect(saved.statusCode).toBe(200);
}

describe('the shop renamed in its settings', () => {
  it('names every served page by its new name', async () => {
    const before = await t.app.inject({ url: '/cart' });
    expect(titleOf(before.body)).toBe('Cart · FreshCart');
    expect(appNameOf(before.body)).toBe('FreshCart');

    await rename(SHOP_NAME);
    const escaped = 'Corner Grocer &#38; Sons';
    const [product]: { id: string; name: string }[] = await t.dataSource.query(
      `SELECT id, name FROM products WHERE is_active ORDER BY name LIMIT 1`,
    );
    for (const [url, title] of [
      ['/', `Fresh food, beverages and produce · ${escaped}`],
      ['/checkout', `Checkout · ${escaped}`],
      ['/admin/picking', `Picking · Admin · ${escaped}`],
      [`/products/${product!.id}`, `${product!.name} · ${escaped}`],
      ['/no-such-page', `Page Not Found · ${escaped}`],
    ] as const) {
      const page = await t.app.inject({ url });
      expect(titleOf(page.body), url).toBe(title);
      expect(appNameOf(page.body), url).toBe(escaped);
      expect(page.body, url).not.toContain('FreshCart');
    }
    const productPage = await t.app.inject({ url: `/products/${product!.id}` });
    expect(productPage.body).toContain(`<meta property="og:site_name" content="${escaped}">`);
  });

  it('sends the order email under the new name, from the configured address', async () => {
    await rename(SHOP_NAME);
    const email = uniqueEmail('renamed');
    const shopper = await signIn(t.app, email);
    const product = await makeProduct(t.dataSource, { name: 'Heirloom Tomatoes', price: '4.25', stock: 10 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(cardOrder([product], 2)),
    });
    expect(placed.statusCode).toBe(201);
    const orderId = (placed.json() as { id: string }).id;

    const raw = await until('the confirmation', async () =>
      received.find((message) => message.includes(`Subject: Your order #${orderId.slice(0, 8)} is confirmed`)),
    );
    expect(raw).toMatch(/^From: "Corner Grocer & Sons" <orders@corner\.example>$/m);

    const [row]: { html: string; text: string }[] = await t.dataSource.query(
      `SELECT html, text FROM sent_emails WHERE order_id = $1 AND kind = 'confirmation'`,
      [orderId],
    );
    expect(row!.text.trimEnd().endsWith(`— ${SHOP_NAME}`)).toBe(true);
    expect(row!.html).toContain(`<title>Your order #${orderId.slice(0, 8)} is confirmed · Corner Grocer &#38; Sons</title>`);
    expect(row!.html).toContain('Corner Grocer &#38; Sons</p>');
    expect(`${row!.html}${row!.text}`).not.toContain('FreshCart');
  });
});
