/**
 * Goods in, a product's lots and the "expiring soon" list (issue 21 part 2; docs/stock-lots.md).
 * How lots move with orders, cancellations and counts is stock-lots.ts.
 */
import type { EntityManager } from 'typeorm';
import type { ReceiveLotInput } from '@shop/schema';
import {
  LOT_DATE_KIND_LABEL,
  LOT_MESSAGES,
  daysBetween,
  markdownPercent,
  markedDownPrice,
  shopToday,
  type ExpiringLotDto,
  type LotDateKind,
  type MeasureUnit,
  type ProductLotsDto,
  type StockLotDto,
} from '@shop/schema';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import { actorName } from './inventory.service';
import { recordStockMovements } from './stock-ledger';
import { expireDueLots, overdueLotsSql, SHOP_TODAY_SQL } from './stock-lots';

interface LotRow {
  id: string;
  product_id: string;
  quantity: number;
  received_quantity: number;
  expires_on: string | null;
  date_kind: LotDateKind;
  batch_code: string | null;
  reason: string | null;
  received_by: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  received_at: Date;
  expired_at: Date | null;
  today: string;
}

const LOT_COLUMNS = `l.id, l.product_id, l.quantity, l.received_quantity,
  to_char(l.expires_on, 'YYYY-MM-DD') AS expires_on, l.date_kind, l.batch_code, l.reason, l.received_by,
  u.email, u.first_name, u.last_name, l.received_at, l.expired_at,
  to_char(${SHOP_TODAY_SQL}, 'YYYY-MM-DD') AS today`;

function toLotDto(row: LotRow): StockLotDto {
  const daysLeft = row.expires_on === null ? null : daysBetween(row.today, row.expires_on);
  return {
    id: row.id,
    productId: row.product_id,
    quantity: row.quantity,
    receivedQuantity: row.received_quantity,
    expiresOn: row.expires_on,
    dateKind: row.date_kind,
    batchCode: row.batch_code,
    reason: row.reason,
    receivedBy: row.received_by
      ? { id: row.received_by, name: actorName(row), email: row.email ?? '' }
      : null,
    receivedAt: row.received_at.toISOString(),
    expired: row.expired_at !== null || (daysLeft !== null && daysLeft < 0),
    daysLeft,
  };
}

/** A product's open lots, first expiry first (as orders take them), and its undated stock. */
export async function productLots(db: EntityManager, productId: string): Promise<ProductLotsDto> {
  const [product]: { stock: number; overdue: number; measure_unit: MeasureUnit | null }[] = await db.query(
    `SELECT p.stock, ${overdueLotsSql('p')}::int AS overdue, p.measure_unit FROM products p WHERE p.id = $1`,
    [productId],
  );
  if (!product) throw new NotFoundError('Product');
  const rows: LotRow[] = await db.query(
    `SELECT ${LOT_COLUMNS}
     FROM stock_lots l LEFT JOIN users u ON u.id = l.received_by
     WHERE l.product_id = $1 AND l.expired_at IS NULL AND l.quantity > 0
     ORDER BY l.expires_on, l.received_at, l.id`,
    [productId],
  );
  const lots = rows.map(toLotDto);
  const inLots = lots.reduce((sum, lot) => sum + lot.quantity, 0);
  return {
    productId,
    stock: Math.max(0, product.stock - product.overdue),
    undated: Math.max(0, product.stock - inLots),
    measureUnit: product.measure_unit,
    lots,
  };
}

/**
 * Goods in: a lot received. Its quantity joins the product's sellable stock and the ledger (source
 * 'goods_in', naming the lot); a date already past is refused (400 on `expiresOn`). Under the
 * product's row lock, as every stock change, so an order placed meanwhile waits for it or is
 * counted before it.
 */
export async function receiveLot(
  ctx: ServiceContext,
  input: z.output<typeof ReceiveLotInput>,
): Promise<ProductLotsDto> {
  if (input.expiresOn !== null && input.expiresOn < shopToday()) {
    throw new BadRequestError(LOT_MESSAGES.pastDate, [{ path: 'expiresOn', message: LOT_MESSAGES.pastDate }]);
  }
  return ctx.db.transaction(async (tx) => {
    await expireDueLots(tx, [input.productId]);
    const [product]: { stock: number }[] = await tx.query(
      `SELECT stock FROM products WHERE id = $1 FOR UPDATE`,
      [input.productId],
    );
    if (!product) throw new NotFoundError('Product');
    const [lot]: { id: string }[] = await tx.query(
      `INSERT INTO stock_lots (product_id, quantity, received_quantity, expires_on, date_kind, batch_code, reason, received_by)
       VALUES ($1, $2, $2, $3, $4, $5, $6, $7)
       RETURNING id`,
      [
        input.productId,
        input.quantity,
        input.expiresOn,
        input.dateKind,
        input.batchCode,
        input.reason,
        ctx.user?.id ?? null,
      ],
    );
    await tx.query(`UPDATE products SET stock = stock + $2, updated_at = now() WHERE id = $1`, [
      input.productId,
      input.quantity,
    ]);
    const about = [
      input.expiresOn && `${LOT_DATE_KIND_LABEL[input.dateKind].toLowerCase()} ${input.expiresOn}`,
      input.batchCode && `batch ${input.batchCode}`,
    ].filter(Boolean);
    await recordStockMovements(tx, [
      {
        productId: input.productId,
        quantityBefore: product.stock,
        quantityAfter: product.stock + input.quantity,
        source: 'goods_in',
        reason: about.length > 0 ? `${input.reason} (${about.join(', ')})` : input.reason,
        userId: ctx.user?.id ?? null,
        lotId: lot!.id,
      },
    ]);
    return productLots(tx, input.productId);
  });
}

/** Open lots whose date falls in the next `days` days (today included), soonest first, with a markdown suggestion. */
export async function expiringLots(db: EntityManager, days: number): Promise<ExpiringLotDto[]> {
  const rows: (LotRow & {
    name: string;
    sku: string;
    price: string;
    measure_unit: MeasureUnit | null;
  })[] = await db.query(
    `SELECT ${LOT_COLUMNS}, p.name, p.sku, p.price::text AS price, p.measure_unit
     FROM stock_lots l JOIN products p ON p.id = l.product_id LEFT JOIN users u ON u.id = l.received_by
     WHERE l.expired_at IS NULL AND l.quantity > 0 AND l.expires_on IS NOT NULL
       AND l.expires_on >= ${SHOP_TODAY_SQL} AND l.expires_on < ${SHOP_TODAY_SQL} + $1::int
     ORDER BY l.expires_on, p.name, l.id`,
    [days],
  );
  return rows.map((row) => {
    const lot = toLotDto(row);
    const percent = markdownPercent(lot.daysLeft ?? 0);
    return {
      ...lot,
      productName: row.name,
      sku: row.sku,
      price: row.price,
      measureUnit: row.measure_unit,
      markdownPercent: percent,
      markdownPrice: markedDownPrice(row.price, percent),
    };
  });
}
