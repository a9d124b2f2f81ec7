/**
 * Order emails for real (issue 19; docs/architecture.md §4 "Order emails"): through the job queue
 * to a real SMTP server (`smtp-server`), and to the built-in outbox without SMTP_URL. Each is sent
 * once per order and kind, and none is lost while the mail server is down.
 */
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { freePort } from '../../test/free-port';
import { cardOrder, makeProduct, uniqueEmail } from '../../test/order-fixtures';
import { createMailer, ORDER_EMAIL_QUEUE } from './order-mail-queue';
import { EmailInProgressError, sendOrderEmail } from './order-mail.service';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a port of its own, keeping every message it accepts. */
async function mailServer(port: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const FAST_QUEUE = { ORDER_EMAILS: 'true', MAIL_POLL_SECONDS: '0.5', MAIL_RETRY_DELAY_SECONDS: '1' };

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];

interface EmailJob {
  kind: string;
  state: string;
  retryCount: number;
}

/**
 * The queue's jobs for an order's emails (pg-boss, schema pgboss). What the tests wait for instead of
 * a pause: a job 'completed' sends nothing more, a job in 'retry' has failed a try.
 */
async function emailJobs(app: TestApp, orderId: string): Promise<EmailJob[]> {
  return app.dataSource.query(
    `SELECT data->>'kind' AS kind, state::text AS state, retry_count AS "retryCount"
     FROM pgboss.job WHERE name = $1 AND data->>'orderId' = $2 ORDER BY data->>'kind'`,
    [ORDER_EMAIL_QUEUE, orderId],
  );
}

/** Every email job of the order done, `count` of them: no copy can follow. */
const allSent = (app: TestApp, orderId: string, count: number) =>
  until(`the order's ${count} email jobs completed`, async () => {
    const jobs = await emailJobs(app, orderId);
    return jobs.length === count && jobs.every((job) => job.state === 'completed') ? jobs : undefined;
  });

let shop: TestApp | undefined;
const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await shop?.close();
  shop = undefined;
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  await shop?.close();
});

async function placeOrder(app: TestApp, email: string) {
  const shopper = await signIn(app.app, email);
  const product = await makeProduct(app.dataSource, { name: 'Heirloom Tomatoes', price: '4.25', stock: 10 });
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(cardOrder([product], 2)),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

async function setStatus(app: TestApp, orderId: string, status: string) {
  const staff = await signIn(app.app, 'sales@example.com');
  const response = await app.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/status`,
    headers: { cookie: staff.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ status }),
  });
  expect(response.statusCode).toBe(200);
}

describe('order emails over SMTP', () => {
  it('confirms the order with its lines and total, then tells of shipping and delivery, each once', async () => {
    const port = await freePort();
    const smtp = await mailServer(port);
    servers.push(smtp);
    const errors: string[] = [];
    shop = await startTestApp({
      listen: false,
      env: { ...FAST_QUEUE, SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'error' },
      logDestination: { write: (line) => void errors.push(line) },
    });
    const email = uniqueEmail('mail');
    const order = await placeOrder(shop, email);
    const number = order.id.slice(0, 8);

    const confirmation = await until('the confirmation', async () =>
      smtp.received.find((message) => subjectOf(message.raw) === `Your order #${number} is confirmed`),
    );
    expect(confirmation.to).toEqual([email]);
    expect(confirmation.raw).toContain('Heirloom Tomatoes');
    expect(confirmation.raw).toContain('$8.50');
    expect(confirmation.raw).toMatch(/Content-Type: text\/plain/);
    expect(confirmation.raw).toMatch(/Content-Type: text\/html/);

    await setStatus(shop, order.id, 'processing');
    await setStatus(shop, order.id, 'shipped');
    await until('the shipping email', async () =>
      smtp.received.find((message) => subjectOf(message.raw) === `Your order #${number} has shipped`),
    );
    await setStatus(shop, order.id, 'delivered');
    await until('the delivery email', async () =>
      smtp.received.find((message) => subjectOf(message.raw) === `Your order #${number} was delivered`),
    );
    // Each email's one job has completed and no other was made: there is no second copy to come.
    await allSent(shop, order.id, 3);
    expect(smtp.received.map((message) => subjectOf(message.raw)).sort()).toEqual(
      [
        `Your order #${number} has shipped`,
        `Your order #${number} is confirmed`,
        `Your order #${number} was delivered`,
      ].sort(),
    );
    const rows: { kind: string; transport: string; sent: boolean }[] = await shop.dataSource.query(
      `SELECT kind, transport, sent_at IS NOT NULL AS sent FROM sent_emails WHERE order_id = $1 ORDER BY kind`,
      [order.id],
    );
    // The queue itself ran without a failure (pg-boss reports its own through 'error').
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { kind: 'confirmation', transport: 'smtp', sent: true },
      { kind: 'delivered', transport: 'smtp', sent: true },
      { kind: 'shipped', transport: 'smtp', sent: true },
    ]);
  });

  it('keeps trying while the mail server is down, and sends once it is back', async () => {
    const port = await freePort();
    shop = await startTestApp({
      listen: false,
      env: { ...FAST_QUEUE, SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    const order = await placeOrder(shop, uniqueEmail('mail'));
    // Nobody listens: the first try fails, and the queue will try again.
    await until('a failed try', async () =>
      (await emailJobs(shop!, order.id)).find((job) => job.state === 'retry' || job.retryCount > 0),
    );
    const [pending]: { sent: boolean }[] = await shop.dataSource.query(
      `SELECT sent_at IS NOT NULL AS sent FROM sent_emails WHERE order_id = $1`,
      [order.id],
    );
    expect(pending?.sent ?? false).toBe(false);

    const smtp = await mailServer(port);
    servers.push(smtp);
    await until('the confirmation after the outage', async () => smtp.received[0], 30_000);
    await allSent(shop, order.id, 1);
    expect(smtp.received).toHaveLength(1);
    expect(subjectOf(smtp.received[0]!.raw)).toBe(`Your order #${order.id.slice(0, 8)} is confirmed`);
  }, 60_000);
});

describe('order emails without SMTP_URL', () => {
  it('go to the built-in outbox', async () => {
    shop = await startTestApp({ listen: false, env: FAST_QUEUE });
    const order = await placeOrder(shop, uniqueEmail('outbox'));
    const row = await until('the outbox row', async () => {
      const [sent]: { subject: string; html: string; text: string; transport: string }[] =
        await shop!.dataSource.query(
          `SELECT subject, html, text, transport FROM sent_emails WHERE order_id = $1 AND sent_at IS NOT NULL`,
          [order.id],
        );
      return sent;
    });
    expect(row.transport).toBe('outbox');
    expect(row.subject).toBe(`Your order #${order.id.slice(0, 8)} is confirmed`);
    expect(row.html).toContain('Heirloom Tomatoes');
    expect(row.text).toContain('2 × Heirloom Tomatoes @ $4.25 = $8.50');
  });
});

describe('orders placed together', () => {
  it('each gets its one confirmation (their jobs asked for in one insert)', async () => {
    shop = await startTestApp({ listen: false, env: FAST_QUEUE });
    const orders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => placeOrder(shop!, uniqueEmail(`together-${i}`))),
    );
    const ids = orders.map((order) => order.id);
    const sent = await until('six confirmations', async () => {
      const rows: { order_id: string; n: number }[] = await shop!.dataSource.query(
        `SELECT order_id, count(*)::int AS n FROM sent_emails
         WHERE order_id = ANY($1::uuid[]) AND kind = 'confirmation' AND sent_at IS NOT NULL
         GROUP BY order_id`,
        [ids],
      );
      return rows.length === ids.length ? rows : undefined;
    });
    expect(sent.map((row) => row.n)).toEqual(ids.map(() => 1));
    const [queued]: { jobs: number }[] = await shop.dataSource.query(
      `SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = 'order-email' AND data->>'orderId' = ANY($1::text[])`,
      [ids],
    );
    expect(queued?.jobs).toBe(ids.length);
  });
});

describe('two senders of the same email at once', () => {
  it('one sends it; the other stands back (to be tried again) or finds it sent', async () => {
    shop = await startTestApp({ listen: false });
    const order = await placeOrder(shop, uniqueEmail('twice'));
    const mailer = createMailer(shop.env);
    const job = { orderId: order.id, kind: 'confirmation' as const };
    const outcomes = await Promise.allSettled([
      sendOrderEmail(shop.dataSource, mailer, job),
      sendOrderEmail(shop.dataSource, mailer, job),
    ]);
    const sent = outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === 'sent');
    expect(sent).toHaveLength(1);
    for (const other of outcomes.filter((outcome) => !sent.includes(outcome))) {
      if (other.status === 'rejected') expect(other.reason).toBeInstanceOf(EmailInProgressError);
      else expect(other.value).toBe('already sent');
    }
    expect(await sendOrderEmail(shop.dataSource, mailer, job)).toBe('already sent');
    const [row]: { count: number }[] = await shop.dataSource.query(
      `SELECT count(*)::int AS count FROM sent_emails WHERE order_id = $1`,
      [order.id],
    );
    expect(row?.count).toBe(1);
  });
});
