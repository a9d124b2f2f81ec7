/**
 * The admin panel's overview (docs/product.md §2): counts and sums made by the database, never by loading
 * rows. Each part is computed only when the caller may see its data (docs/product.md §6).
 */
import { OVERVIEW_LIST_SIZE, type AdminOverviewDto, type MeasureUnit, type OrderStatus } from '@shop/schema';
import type { ServiceContext } from '../../context';

async function productsPart(ctx: ServiceContext): Promise<AdminOverviewDto['products']> {
  const [counts]: { total: string; low: string }[] = await ctx.db.query(
    `SELECT count(*) AS total, count(*) FILTER (WHERE is_active AND stock <= low_stock_threshold) AS low
     FROM products`,
  );
  const alerts: {
    id: string;
    name: string;
    stock: number;
    low_stock_threshold: number;
    measure_unit: MeasureUnit | null;
  }[] = await ctx.db.query(
    `SELECT id, name, stock, low_stock_threshold, measure_unit FROM products
     WHERE is_active AND stock <= low_stock_threshold
     ORDER BY stock, name, id
     LIMIT $1`,
    [OVERVIEW_LIST_SIZE],
  );
  return {
    total: Number(counts!.total),
    lowStock: Number(counts!.low),
    lowStockAlerts: alerts.map((row) => ({
      id: row.id,
      name: row.name,
      stock: row.stock,
      lowStockThreshold: row.low_stock_threshold,
      measureUnit: row.measure_unit,
    })),
  };
}

async function ordersPart(ctx: ServiceContext): Promise<AdminOverviewDto['orders']> {
  const [counts]: { total: string; pending: string; revenue: string }[] = await ctx.db.query(
    `SELECT count(*) AS total,
            count(*) FILTER (WHERE status = 'pending') AS pending,
            COALESCE(SUM(total) FILTER (WHERE status = 'delivered'), 0)::numeric(20, 2)::text AS revenue
     FROM orders`,
  );
  const recent: { id: string; total: string; status: OrderStatus; created_at: Date }[] = await ctx.db.query(
    `SELECT id, total, status, created_at FROM orders ORDER BY created_at DESC, id DESC LIMIT $1`,
    [OVERVIEW_LIST_SIZE],
  );
  return {
    total: Number(counts!.total),
    pending: Number(counts!.pending),
    revenue: counts!.revenue,
    recent: recent.map((row) => ({
      id: row.id,
      total: row.total,
      status: row.status,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

async function usersPart(ctx: ServiceContext): Promise<AdminOverviewDto['users']> {
  const [row]: { total: string }[] = await ctx.db.query(`SELECT count(*) AS total FROM users`);
  return { total: Number(row!.total) };
}

export async function adminOverview(ctx: ServiceContext): Promise<AdminOverviewDto> {
  const may = (permission: string) => ctx.user?.permissions.has(permission) ?? false;
  const [products, orders, users] = await Promise.all([
    may('products:read_all') ? productsPart(ctx) : null,
    may('orders:read_all') ? ordersPart(ctx) : null,
    may('users:read') ? usersPart(ctx) : null,
  ]);
  return { products, orders, users };
}
