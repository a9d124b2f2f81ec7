/** Admin → Outbox and GET /api/admin/outbox(/:id): the emails sent (`orders:read_all`). */
import { z } from 'zod';
import { OUTBOX_PAGE_SIZE, OutboxMessageDto, OutboxPageDto, OutboxPageInput } from '@shop/schema';
import { can, router } from '../../trpc/trpc';
import { NotFoundError } from '../../errors';

const COLUMNS = `id, order_id AS "orderId", kind, recipient, subject, transport,
  sent_at AS "sentAt", claimed_at AS "claimedAt"`;

/** A sent_emails row as COLUMNS reads it. */
interface OutboxRow {
  id: string;
  orderId: string | null;
  kind: OutboxMessageDto['kind'];
  recipient: string;
  subject: string;
  transport: OutboxMessageDto['transport'];
  sentAt: Date | null;
  claimedAt: Date;
}

/** The row as the DTOs carry it: times as ISO strings. */
function toOutboxDto<Row extends OutboxRow>(row: Row) {
  return {
    ...row,
    sentAt: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
    claimedAt: new Date(row.claimedAt).toISOString(),
  };
}

export const outboxRouter = router({
  page: can('orders:read_all')
    .input(OutboxPageInput.optional())
    .output(OutboxPageDto)
    .query(async ({ ctx, input }) => {
      const page = input?.page ?? 1;
      const rows: OutboxRow[] = await ctx.dataSource.query(
        `SELECT ${COLUMNS} FROM sent_emails ORDER BY claimed_at DESC, id LIMIT $1 OFFSET $2`,
        [OUTBOX_PAGE_SIZE, (page - 1) * OUTBOX_PAGE_SIZE],
      );
      const [{ total }] = (await ctx.dataSource.query(`SELECT count(*)::int AS total FROM sent_emails`)) as [
        { total: number },
      ];
      return { items: rows.map(toOutboxDto), total };
    }),
  message: can('orders:read_all')
    .input(z.object({ id: z.string().uuid() }))
    .output(OutboxMessageDto)
    .query(async ({ ctx, input }) => {
      const [row]: (OutboxRow & { html: string; text: string })[] = await ctx.dataSource.query(
        `SELECT ${COLUMNS}, html, text FROM sent_emails WHERE id = $1`,
        [input.id],
      );
      if (!row) throw new NotFoundError('Email not found');
      return toOutboxDto(row);
    }),
});
