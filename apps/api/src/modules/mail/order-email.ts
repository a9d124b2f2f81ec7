/**
 * The order emails' content (issue 19: confirmation, shipped, delivered, cancelled), as HTML with a
 * text part. Pure: an order as it was bought and the shop's name (Admin → Settings) in, the message
 * out. Every value is escaped; the lines show what was bought (name and price at the time of the
 * order).
 */
import {
  PAYMENT_METHOD_LABEL,
  SITE_NAME,
  centsToDecimal,
  formatMoney,
  formatQuantity,
  orderLineCents,
  priceBasisLabel,
  shortOrderId,
  slotLabel,
  toCents,
  toleranceLabel,
  weighedLabel,
  type MeasureUnit,
  type PaymentMethod,
} from '@shop/schema';

export const ORDER_EMAIL_KINDS = ['confirmation', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export interface OrderForEmail {
  id: string;
  customerName: string;
  total: string;
  paymentMethod: PaymentMethod;
  shippingAddress: string;
  estimatedDelivery: Date | null;
  /** The delivery slot booked (docs/delivery-slots.md); it replaces the estimate where set. */
  deliverySlot?: { start: Date; end: Date } | null;
  lines: {
    name: string;
    quantity: number;
    unitPrice: string;
    /** Sold by measure (issue 20 part B): the price is per its basis; a weighed line's total follows the weight. */
    measureUnit?: MeasureUnit | null;
    weightTolerance?: number | null;
    weighedQuantity?: number | null;
  }[];
}

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

const HEADLINES: Record<OrderEmailKind, { subject: string; lead: string }> = {
  confirmation: {
    subject: 'Your order #{id} is confirmed',
    lead: 'Thank you for your order! We have received it and will let you know when it ships.',
  },
  shipped: { subject: 'Your order #{id} has shipped', lead: 'Good news: your order is on its way.' },
  delivered: { subject: 'Your order #{id} was delivered', lead: 'Your order has been delivered. Enjoy!' },
  cancelled: {
    subject: 'Your order #{id} was cancelled',
    lead: 'Your order has been cancelled. If you paid already, the amount will be refunded.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Line = OrderForEmail['lines'][number];

/** The line's total by the one rule (packages/schema measures.ts): the weighed quantity once recorded. */
function lineTotal(line: Line): string {
  return centsToDecimal(
    orderLineCents({
      priceCents: toCents(line.unitPrice) ?? 0,
      quantity: line.quantity,
      weighedQuantity: line.weighedQuantity,
      measureUnit: line.measureUnit,
    }),
  );
}

/** '3', '0.75 kg (weighed: 0.82 kg)', or '0.75 kg (±10 % at picking)' before weighing. */
function quantityText(line: Line): string {
  const unit = line.measureUnit ?? null;
  const ordered = formatQuantity(line.quantity, unit);
  if (line.weighedQuantity) return `${ordered} (${weighedLabel(line.weighedQuantity, unit)})`;
  if (line.weightTolerance) return `${ordered} (${toleranceLabel(line.weightTolerance)} at picking)`;
  return ordered;
}

const priceText = (line: Line) =>
  `${formatMoney(line.unitPrice)}${line.measureUnit ? ` ${priceBasisLabel(line.measureUnit)}` : ''}`;

export function orderEmail(
  kind: OrderEmailKind,
  order: OrderForEmail,
  shopName: string = SITE_NAME,
): EmailContent {
  const number = shortOrderId(order.id);
  const { subject, lead } = HEADLINES[kind];
  const title = `${subject.replace('{id}', number)} · ${shopName}`;
  const greeting = `Hello ${order.customerName},`;
  const delivery =
    kind === 'confirmation' || kind === 'shipped'
      ? order.deliverySlot
        ? `Delivery slot: ${slotLabel({
            start: order.deliverySlot.start.toISOString(),
            end: order.deliverySlot.end.toISOString(),
          })} (UTC)`
        : order.estimatedDelivery && `Estimated delivery: ${order.estimatedDelivery.toDateString()}`
      : null;
  const payment = `Payment: ${PAYMENT_METHOD_LABEL[order.paymentMethod]}`;
  const address = `Delivery address: ${order.shippingAddress}`;

  const text = [
    greeting,
    '',
    lead,
    '',
    `Order #${number}`,
    ...order.lines.map(
      (line) =>
        `  ${quantityText(line)} × ${line.name} @ ${priceText(line)} = ${formatMoney(lineTotal(line))}`,
    ),
    `Total: ${formatMoney(order.total)}`,
    payment,
    address,
    ...(delivery ? [delivery] : []),
    '',
    `— ${shopName}`,
  ].join('\n');

  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(line.name)}</td>` +
        `<td style="padding:4px 8px;text-align:right">${escapeHtml(quantityText(line))}</td>` +
        `<td style="padding:4px 8px;text-align:right">${escapeHtml(priceText(line))}</td>` +
        `<td style="padding:4px 8px;text-align:right">${escapeHtml(formatMoney(lineTotal(line)))}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:600px;margin:0 auto;padding:16px">` +
    `<h1 style="color:#1f7a33;font-size:22px">${escapeHtml(subject.replace('{id}', number))}</h1>` +
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}</p>` +
    `<table style="border-collapse:collapse;width:100%"><thead><tr>` +
    `<th style="text-align:left;padding:4px 8px">Product</th><th style="text-align:right;padding:4px 8px">Qty</th>` +
    `<th style="text-align:right;padding:4px 8px">Price</th><th style="text-align:right;padding:4px 8px">Total</th>` +
    `</tr></thead><tbody>${rows}</tbody><tfoot><tr><td colspan="3" style="padding:4px 8px;text-align:right"><strong>Total</strong></td>` +
    `<td style="padding:4px 8px;text-align:right"><strong>${escapeHtml(formatMoney(order.total))}</strong></td></tr></tfoot></table>` +
    `<p>${escapeHtml(payment)}<br>${escapeHtml(address)}${delivery ? `<br>${escapeHtml(delivery)}` : ''}</p>` +
    `<p style="color:#5c636a">${escapeHtml(shopName)}</p></body></html>`;

  return { subject: subject.replace('{id}', number), html, text };
}
