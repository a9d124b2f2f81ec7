/**
 * Sends one order email (docs/architecture.md §4 "Order emails"): reads the order as it was bought
 * (the lines' names and prices stored with the order),
 * claims its (order, kind) row in `sent_emails`, sends, and marks it sent (or, when the mail server
 * refuses or cannot be reached, gives the claim back for the queue's next try). The claim makes a second
 * sender of the same email stand back: it fails, so the queue tries it again later, and by then the
 * first has marked it sent (or, after `STALE_CLAIM_MINUTES`, crashed, and the claim is taken over).
 * A sender that dies between the mail server's acceptance and the mark sends it again with the
 * same Message-ID, which mail systems treat as one message.
 */
import type { DataSource } from 'typeorm';
import type { Transporter } from 'nodemailer';
import { orderEmail, type OrderEmailKind, type OrderForEmail } from './order-email';
import type { MeasureUnit } from '@shop/schema';
import { readSettings } from '../settings';

/** After this long a claim whose sender never marked it sent is taken to be a crashed sender's. */
const STALE_CLAIM_MINUTES = 10;

export interface OrderEmailJob {
  orderId: string;
  kind: OrderEmailKind;
}

export interface Mailer {
  transporter: Transporter;
  /** 'smtp' when SMTP_URL names a mail server; 'outbox' for the built-in one (the row is the delivery). */
  transport: 'smtp' | 'outbox';
  from: string;
  /** The domain of the Message-IDs, e.g. the shop's host name. */
  domain: string;
}

/** The address of MAIL_FROM ('FreshCart <orders@shop.example>' → 'orders@shop.example'); its name is the shop's. */
export function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

export class EmailInProgressError extends Error {
  constructor(job: OrderEmailJob) {
    super(`The ${job.kind} email of order ${job.orderId} is being sent by another worker`);
  }
}

export type SendOutcome = 'sent' | 'already sent' | 'no such order';

export async function sendOrderEmail(
  db: DataSource,
  mailer: Mailer,
  job: OrderEmailJob,
): Promise<SendOutcome> {
  const order = await readOrder(db, job.orderId);
  if (!order) return 'no such order';
  // The shop's name as saved now (Admin → Settings): in the message and as the sender's name.
  const { shopName } = await readSettings(db.manager);
  const content = orderEmail(job.kind, order, shopName);

  const claim = await claimEmail(db, job, order.email, content, mailer.transport);
  if (claim === 'sent') return 'already sent';
  if (claim === 'busy') throw new EmailInProgressError(job);

  const messageId = `<order-${job.orderId}-${job.kind}@${mailer.domain}>`;
  if (mailer.transport === 'smtp') {
    try {
      await mailer.transporter.sendMail({
        from: { name: shopName, address: senderAddress(mailer.from) },
        to: order.email,
        subject: content.subject,
        html: content.html,
        text: content.text,
        messageId,
      });
    } catch (error) {
      // Not sent: give the claim back, so the next try (the queue's retry) sends it.
      await db.query(`DELETE FROM sent_emails WHERE order_id = $1 AND kind = $2 AND sent_at IS NULL`, [
        job.orderId,
        job.kind,
      ]);
      throw error;
    }
  }
  await db.query(
    `UPDATE sent_emails SET sent_at = now(), message_id = $3 WHERE order_id = $1 AND kind = $2`,
    [job.orderId, job.kind, messageId],
  );
  return 'sent';
}

/** 'claimed' (this sender sends it), 'sent' (done before) or 'busy' (another sender has it). */
async function claimEmail(
  db: DataSource,
  job: OrderEmailJob,
  recipient: string,
  content: { subject: string; html: string; text: string },
  transport: Mailer['transport'],
): Promise<'claimed' | 'sent' | 'busy'> {
  const claimed: unknown[] = await db.query(
    `INSERT INTO sent_emails (order_id, kind, recipient, subject, html, text, transport)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (order_id, kind) DO UPDATE SET claimed_at = now()
       WHERE sent_emails.sent_at IS NULL AND sent_emails.claimed_at < now() - make_interval(mins => $8)
     RETURNING id`,
    [
      job.orderId,
      job.kind,
      recipient,
      content.subject,
      content.html,
      content.text,
      transport,
      STALE_CLAIM_MINUTES,
    ],
  );
  if (claimed.length > 0) return 'claimed';
  const [row]: { sent: boolean }[] = await db.query(
    `SELECT sent_at IS NOT NULL AS sent FROM sent_emails WHERE order_id = $1 AND kind = $2`,
    [job.orderId, job.kind],
  );
  return row?.sent ? 'sent' : 'busy';
}

async function readOrder(
  db: DataSource,
  orderId: string,
): Promise<(OrderForEmail & { email: string }) | null> {
  const [order]: {
    id: string;
    total: string;
    payment_method: OrderForEmail['paymentMethod'];
    shipping_address: string;
    estimated_delivery: Date | null;
    delivery_slot_start: Date | null;
    delivery_slot_end: Date | null;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }[] = await db.query(
    `SELECT o.id, o.total, o.payment_method, o.shipping_address, o.estimated_delivery,
            o.delivery_slot_start, o.delivery_slot_end, u.email, u.first_name, u.last_name
       FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.id = $1`,
    [orderId],
  );
  if (!order) return null;
  const lines: {
    name: string;
    quantity: number;
    unit_price: string;
    measure_unit: MeasureUnit | null;
    weight_tolerance: number | null;
    weighed_quantity: number | null;
  }[] = await db.query(
    `SELECT i.product_name AS name, i.quantity, i.price AS unit_price, i.measure_unit, i.weight_tolerance,
            i.weighed_quantity
       FROM order_items i
      WHERE i.order_id = $1
      ORDER BY i.created_at, i.product_name`,
    [orderId],
  );
  return {
    id: order.id,
    email: order.email,
    customerName: [order.first_name, order.last_name].filter(Boolean).join(' ') || order.email,
    total: order.total,
    paymentMethod: order.payment_method,
    shippingAddress: order.shipping_address,
    estimatedDelivery: order.estimated_delivery,
    deliverySlot:
      order.delivery_slot_start && order.delivery_slot_end
        ? { start: order.delivery_slot_start, end: order.delivery_slot_end }
        : null,
    lines: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      measureUnit: line.measure_unit,
      weightTolerance: line.weight_tolerance,
      weighedQuantity: line.weighed_quantity,
    })),
  };
}
