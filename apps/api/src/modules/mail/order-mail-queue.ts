/**
 * Order emails through a PostgreSQL job queue (pg-boss; docs/architecture.md §4 "Order emails").
 * When an order is placed, shipped, delivered or cancelled (the live events published after the
 * change commits), a job asks for that email; a worker sends it (order-mail.service.ts), and a
 * failure — the mail server down, say — is tried again with exponential backoff, so none is lost
 * while it is away, and the (order, kind) claim keeps any from going out twice.
 *
 * The queue is the api's one job queue (jobs/job-queue.ts). Every instance hears
 * every event and asks for the job; the queue keeps one per (order, kind) at a time.
 *
 * Left out: an event published after COMMIT is lost with a process that dies in between.
 */
import type { PgBoss } from 'pg-boss';
import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@shop/schema';
import type { Env } from '../../env';
import type { LiveEventBus } from '../live-events';
import type { OrderEmailKind } from './order-email';
import { sendOrderEmail, type Mailer, type OrderEmailJob } from './order-mail.service';

export const ORDER_EMAIL_QUEUE = 'order-email';

/** The email a live event calls for, if any. */
export function emailFor(event: LiveEvent): OrderEmailJob | null {
  if (event.type === 'order.placed') return { orderId: event.orderId, kind: 'confirmation' };
  if (event.type === 'order.status' && event.from !== event.to) {
    const kinds: Partial<Record<string, OrderEmailKind>> = {
      shipped: 'shipped',
      delivered: 'delivered',
      cancelled: 'cancelled',
    };
    const kind = kinds[event.to];
    if (kind) return { orderId: event.orderId, kind };
  }
  return null;
}

export function createMailer(env: Env): Mailer {
  const domain = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'freshcart.local';
  return env.SMTP_URL
    ? {
        transporter: nodemailer.createTransport(env.SMTP_URL),
        transport: 'smtp',
        from: env.MAIL_FROM,
        domain,
      }
    : {
        transporter: nodemailer.createTransport({ jsonTransport: true }),
        transport: 'outbox',
        from: env.MAIL_FROM,
        domain,
      };
}

export interface OrderMail {
  /** Stops asking for emails (the queue itself stops with the api: jobs/job-queue.ts). */
  stop(): void;
}

export async function startOrderMail({
  boss,
  env,
  dataSource,
  liveEvents,
  log,
}: {
  boss: PgBoss;
  env: Env;
  dataSource: DataSource;
  liveEvents: LiveEventBus;
  log: FastifyBaseLogger;
}): Promise<OrderMail> {
  const mailer = createMailer(env);
  await boss.createQueue(ORDER_EMAIL_QUEUE, {
    retryLimit: env.MAIL_RETRY_LIMIT,
    retryDelay: env.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 3600,
  });
  await boss.work<OrderEmailJob>(
    ORDER_EMAIL_QUEUE,
    { pollingIntervalSeconds: env.MAIL_POLL_SECONDS },
    async (jobs) => {
      for (const job of jobs) {
        try {
          const outcome = await sendOrderEmail(dataSource, mailer, job.data);
          log.info({ ...job.data, outcome, transport: mailer.transport }, 'order email');
        } catch (err) {
          log.warn({ err, ...job.data }, 'order email not sent; it will be tried again');
          throw err;
        }
      }
    },
  );
  const ask = batchedJobs(boss, log);
  const unsubscribe = liveEvents.subscribe((event) => {
    const job = emailFor(event);
    if (job) ask(job);
  });
  return {
    stop() {
      unsubscribe();
    },
  };
}

/**
 * Asks for the jobs of one turn of the event loop with one insert: the orders of a placement group
 * are announced together after its COMMIT, and a job each (`boss.send`) was a transaction and a WAL
 * flush each, competing with the next group's COMMIT (docs/benchmarks.md "Orders"). The insert
 * keeps one job per (order, kind) as `send` did (its singleton key; pg-boss's insert skips a
 * duplicate).
 */
function batchedJobs(boss: PgBoss, log: FastifyBaseLogger): (job: OrderEmailJob) => void {
  let pending: OrderEmailJob[] = [];
  const flush = () => {
    const jobs = pending;
    pending = [];
    boss
      .insert(
        ORDER_EMAIL_QUEUE,
        jobs.map((job) => ({ data: job, singletonKey: `${job.orderId}:${job.kind}` })),
      )
      .catch((err: unknown) => log.error({ err, jobs }, 'order emails could not be queued'));
  };
  return (job) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(job);
  };
}
