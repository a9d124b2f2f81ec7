/**
 * Admin → Outbox (issue 19, order emails): what the shop has emailed, newest first, and one
 * message's content for its preview. Staff who see every order (`orders:read_all`) see them.
 */
import { z } from 'zod';

export const ORDER_EMAIL_KIND_LABEL = {
  confirmation: 'Order confirmation',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  email_change: 'Email confirmation',
} as const;

export const OutboxEntryDto = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  /** An order's email, or 'email_change': the link that confirms a new profile email (no order). */
  kind: z.enum(['confirmation', 'shipped', 'delivered', 'cancelled', 'email_change']),
  recipient: z.string(),
  subject: z.string(),
  /** 'smtp': handed to the mail server; 'outbox': kept here (no SMTP_URL). */
  transport: z.enum(['smtp', 'outbox']),
  /** Null while it is being sent (or waiting for the mail server to come back). */
  sentAt: z.string().nullable(),
  claimedAt: z.string(),
});
export type OutboxEntryDto = z.infer<typeof OutboxEntryDto>;

export const OUTBOX_PAGE_SIZE = 50;

export const OutboxPageDto = z.object({ items: z.array(OutboxEntryDto), total: z.number().int() });
export type OutboxPageDto = z.infer<typeof OutboxPageDto>;

export const OutboxPageInput = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export type OutboxPageInput = z.infer<typeof OutboxPageInput>;

export const OutboxMessageDto = OutboxEntryDto.extend({ html: z.string(), text: z.string() });
export type OutboxMessageDto = z.infer<typeof OutboxMessageDto>;
