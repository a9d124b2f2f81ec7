/**
 * Admin → Analytics (issue 19 item 5; the definitions are in @shop/schema analytics.ts). Every
 * number is one SQL aggregate over the orders placed in the range, read through the index
 * orders_created_at_cover_idx (created_at, with status and total) and, for the order lines,
 * order_items_order_id_cover_idx (order_id, with product, quantity and price): index-only scans
 * that stay fast on the large data set (docs/benchmarks.md, "Analytics").
 *
 * The queries run one after another on the request's connection: the embedded database has exactly
 * one, and on PostgreSQL a burst of seven connections per screen would only queue behind the pool.
 */
import { stringify } from 'csv-stringify/sync';
import {
  ANALYTICS_TOP,
  neutraliseCsvFormula,
  ORDER_STATUSES,
  centsToDecimal,
  toCents,
  type AnalyticsBucket,
  type AnalyticsDto,
  type AnalyticsInput,
} from '@shop/schema';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';

type Query = z.output<typeof AnalyticsInput>;

/** The half-open UTC range [from 00:00, the day after `to` 00:00). */
export function rangeBounds(from: string, to: string): [string, string] {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return [`${from}T00:00:00Z`, end.toISOString()];
}

const TRUNC: Record<AnalyticsBucket, string> = { day: 'day', week: 'week', month: 'month' };

interface RevenueRow {
  period: string;
  orders: number;
  placed: string;
  delivered: string;
}

/** A sum of money (numeric) as a decimal string with 2 places ('0.00' for none). */
const money = (sum: string) => `COALESCE(${sum}, 0)::numeric(16,2)::text`;

export async function salesAnalytics(ctx: ServiceContext, input: Query): Promise<AnalyticsDto> {
  const [start, end] = rangeBounds(input.from, input.to);
  const bucket = TRUNC[input.bucket];
  const db = ctx.db;

  // Periods of the range, empty ones included, each with its placed and delivered revenue.
  const revenue: RevenueRow[] = await db.query(
    `WITH periods AS (
       SELECT generate_series(date_trunc('${bucket}', $1::timestamptz AT TIME ZONE 'UTC'),
                              date_trunc('${bucket}', ($2::timestamptz - interval '1 microsecond') AT TIME ZONE 'UTC'),
                              interval '1 ${bucket}') AS period
     ),
     sums AS (
       SELECT date_trunc('${bucket}', created_at AT TIME ZONE 'UTC') AS period,
              count(*) FILTER (WHERE status <> 'cancelled')::int AS orders,
              ${money(`SUM(total) FILTER (WHERE status <> 'cancelled')`)} AS placed,
              ${money(`SUM(total) FILTER (WHERE status = 'delivered')`)} AS delivered
       FROM orders
       WHERE created_at >= $1 AND created_at < $2
       GROUP BY 1
     )
     SELECT to_char(p.period, 'YYYY-MM-DD') AS period, COALESCE(s.orders, 0) AS orders,
            COALESCE(s.placed, '0.00') AS placed, COALESCE(s.delivered, '0.00') AS delivered
     FROM periods p LEFT JOIN sums s ON s.period = p.period
     ORDER BY p.period`,
    [start, end],
  );

  // Orders by status with their sums: the totals are read from these rows (one index-only scan).
  const statusRows: { status: string; count: number; revenue: string }[] = await db.query(
    `SELECT status, count(*)::int AS count, ${money('SUM(total)')} AS revenue FROM orders
     WHERE created_at >= $1 AND created_at < $2 GROUP BY status`,
    [start, end],
  );
  const byStatus = new Map(statusRows.map((row) => [row.status, row]));
  const placedRows = statusRows.filter((row) => row.status !== 'cancelled');
  const placedOrders = placedRows.reduce((sum, row) => sum + row.count, 0);
  const placedCents = placedRows.reduce((sum, row) => sum + toCents(row.revenue)!, 0);

  // Order lines of the range's (not cancelled) orders, summed per product once (materialised);
  // the three top lists are cut from that aggregate in SQL, so only their rows leave the database.
  const tops: {
    list: 'revenue' | 'units' | 'category';
    id: string | null;
    name: string | null;
    revenue: string;
    units: number;
  }[] = await db.query(
    `WITH lines AS MATERIALIZED (
       SELECT i.product_id, SUM(i.quantity)::int AS units, SUM(i.quantity * i.price) AS revenue
       FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE o.created_at >= $1 AND o.created_at < $2 AND o.status <> 'cancelled'
       GROUP BY i.product_id
     ),
     named AS (
       SELECT l.*, p.name, p.category_id FROM lines l JOIN products p ON p.id = l.product_id
     ),
     by_revenue AS (
       SELECT 1 AS list_order, 'revenue' AS list, product_id AS id, name, revenue, units,
              row_number() OVER (ORDER BY revenue DESC, name, product_id) AS place
       FROM named ORDER BY place LIMIT $3
     ),
     by_units AS (
       SELECT 2 AS list_order, 'units' AS list, product_id AS id, name, revenue, units,
              row_number() OVER (ORDER BY units DESC, name, product_id) AS place
       FROM named ORDER BY place LIMIT $3
     ),
     by_category AS (
       SELECT 3 AS list_order, 'category' AS list, n.category_id AS id, c.name, SUM(n.revenue) AS revenue,
              SUM(n.units)::int AS units,
              row_number() OVER (ORDER BY SUM(n.revenue) DESC, c.name) AS place
       FROM named n LEFT JOIN categories c ON c.id = n.category_id
       GROUP BY n.category_id, c.name
       ORDER BY place LIMIT $3
     )
     SELECT list, id, name, revenue::numeric(16,2)::text AS revenue, units
     FROM (SELECT * FROM by_revenue UNION ALL SELECT * FROM by_units UNION ALL SELECT * FROM by_category) t
     ORDER BY list_order, place`,
    [start, end, ANALYTICS_TOP],
  );

  const [stock]: { low: number; out: number }[] = await db.query(
    `SELECT count(*) FILTER (WHERE stock > 0 AND stock <= low_stock_threshold)::int AS low,
            count(*) FILTER (WHERE stock <= 0)::int AS out
     FROM products WHERE is_active`,
  );

  const product = (row: (typeof tops)[number]) => ({
    productId: row.id!,
    name: row.name ?? '',
    revenue: row.revenue,
    units: row.units,
  });
  const topCategories = tops
    .filter((row) => row.list === 'category')
    .map((row) => ({
      categoryId: row.id,
      name: row.name ?? 'Uncategorized',
      revenue: row.revenue,
      units: row.units,
    }));

  const orders = statusRows.reduce((sum, row) => sum + row.count, 0);
  return {
    from: input.from,
    to: input.to,
    bucket: input.bucket,
    totals: {
      orders,
      placedOrders,
      cancelledOrders: byStatus.get('cancelled')?.count ?? 0,
      placedRevenue: centsToDecimal(placedCents),
      deliveredRevenue: byStatus.get('delivered')?.revenue ?? '0.00',
      // Rounded half up to the cent, as PostgreSQL's numeric rounding would.
      averageOrderValue: centsToDecimal(placedOrders ? Math.round(placedCents / placedOrders) : 0),
    },
    revenue,
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status)?.count ?? 0 })),
    topProductsByRevenue: tops.filter((row) => row.list === 'revenue').map(product),
    topProductsByUnits: tops.filter((row) => row.list === 'units').map(product),
    topCategories,
    stock: { lowStock: stock?.low ?? 0, outOfStock: stock?.out ?? 0 },
  };
}

/** The columns of the orders CSV export, in order. */
export const ORDERS_CSV_COLUMNS = [
  'order_number',
  'order_id',
  'placed_at',
  'status',
  'customer_email',
  'items',
  'units',
  'total',
  'payment_method',
] as const;

/**
 * The orders placed in the range as CSV (oldest first), cancelled ones included with their status.
 * Text cells pass through the formula neutraliser (OWASP CSV injection), as the product export's do.
 */
export async function exportOrdersCsv(db: ServiceContext['db'], range: { from: string; to: string }) {
  const [start, end] = rangeBounds(range.from, range.to);
  const rows: Record<(typeof ORDERS_CSV_COLUMNS)[number], string | number>[] = await db.query(
    `SELECT left(o.id::text, 8) AS order_number, o.id AS order_id,
            to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS placed_at,
            o.status, u.email AS customer_email,
            (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
            (SELECT COALESCE(SUM(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS units,
            o.total::text AS total, o.payment_method
     FROM orders o JOIN users u ON u.id = o.user_id
     WHERE o.created_at >= $1 AND o.created_at < $2
     ORDER BY o.created_at, o.id`,
    [start, end],
  );
  return stringify(rows, {
    header: true,
    columns: [...ORDERS_CSV_COLUMNS],
    cast: { string: neutraliseCsvFormula },
  });
}
