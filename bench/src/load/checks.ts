/**
 * The invariants checked in the database after the load, once the api has exited (the embedded
 * database then has no other client). Everything the run did is told apart from what was there
 * before by the starting mark: the ledger rows written when the hot products got their starting
 * stock, just before the stock snapshot that the load starts from. Every later ledger row comes
 * from a transaction that began after the mark committed, so `created_at > mark` is the run's.
 * The same holds for orders: the database may hold orders from before the run (the demo's showcase
 * orders, packages/db/src/seed/showcase-seed.ts), and the order checks look at the run's orders.
 */
import type { Database } from '@shop/db';
import { ORDER_TRANSITIONS, type OrderStatus } from '@shop/schema';
import type { HotProduct } from './world';

export interface CheckInput {
  /** Every product's stock when the load started (read through the api). */
  startStock: Map<string, number>;
  hot: HotProduct[];
  /** The reason of the ledger rows that set the hot products' starting stock: the mark. */
  startReason: string;
  shopperIds: string[];
  staffIds: string[];
  /** Distinct ids of the orders the shoppers saw placed (201). */
  placedOrders: Set<string>;
  /** Status changes answered 200. */
  statusChanges: number;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** Per-product figures or the first offenders. */
  lines?: string[];
  /** Not a failure, worth reading. */
  note?: string;
}

const SHOWN = 5;

const MARK = `mark AS (SELECT max(created_at) AS at FROM stock_movements WHERE source = 'staff' AND reason = $1)`;
/** The orders the run placed (with MARK). */
const RUN_ORDERS = `run_orders AS (SELECT id FROM orders WHERE created_at > (SELECT at FROM mark))`;

export async function runChecks(db: Database['dataSource'], input: CheckInput): Promise<Check[]> {
  const checks: Check[] = [];
  const q = <T>(sql: string, params: unknown[] = []) => db.query(sql, params) as Promise<T[]>;
  const hotIds = input.hot.map((product) => product.id);

  // (0) The mark exists, or nothing below means anything.
  const [mark] = await q<{ at: Date | null }>(`WITH ${MARK} SELECT at FROM mark`, [input.startReason]);
  checks.push({
    name: 'starting mark found in the stock ledger',
    ok: Boolean(mark?.at),
    detail: mark?.at ? mark.at.toISOString() : `no ledger row with reason "${input.startReason}"`,
  });
  if (!mark?.at) return checks;

  // (1) Stock never below 0.
  const negative = await q<{ sku: string; stock: number }>(`SELECT sku, stock FROM products WHERE stock < 0`);
  const [{ products }] = (await q<{ products: number }>(
    `SELECT count(*)::int AS products FROM products`,
  )) as [{ products: number }];
  checks.push({
    name: 'no product below 0 stock',
    ok: negative.length === 0,
    detail: negative.length === 0 ? `${products} products` : `${negative.length} below 0`,
    lines: negative.slice(0, SHOWN).map((row) => `${row.sku}: ${row.stock}`),
  });

  // (2a) Every product: stock = stock at the start + the ledger's changes during the run.
  const moved = await q<{ id: string; sku: string; stock: number; moved: number; rows: number }>(
    `WITH ${MARK}
     SELECT p.id, p.sku, p.stock, coalesce(sum(m.change), 0)::int AS moved, count(m.id)::int AS rows
     FROM products p
     LEFT JOIN stock_movements m ON m.product_id = p.id AND m.created_at > (SELECT at FROM mark)
     GROUP BY p.id, p.sku, p.stock ORDER BY p.sku`,
    [input.startReason],
  );
  const drifted = moved.filter(
    (row) =>
      input.startStock.get(row.id) === undefined || input.startStock.get(row.id)! + row.moved !== row.stock,
  );
  checks.push({
    name: 'every product: stock = start + ledger changes of the run',
    ok: drifted.length === 0,
    detail: `${moved.length} products, ${moved.reduce((sum, row) => sum + row.rows, 0)} ledger rows in the run, ${drifted.length} differ`,
    lines: drifted
      .slice(0, SHOWN)
      .map(
        (row) =>
          `${row.sku}: start ${input.startStock.get(row.id) ?? '?'} + ledger ${row.moved} ≠ stock ${row.stock}`,
      ),
  });

  // (2b) Every ledger row of the run belongs to this run's orders or staff.
  const stray = await q<{ source: string; n: number }>(
    `WITH ${MARK}
     SELECT m.source, count(*)::int AS n
     FROM stock_movements m LEFT JOIN orders o ON o.id = m.order_id
     WHERE m.created_at > (SELECT at FROM mark)
       AND NOT ((m.source IN ('order', 'cancellation') AND o.user_id = ANY($2::uuid[]))
             OR (m.source = 'staff' AND m.user_id = ANY($3::uuid[])))
     GROUP BY m.source`,
    [input.startReason, input.shopperIds, input.staffIds],
  );
  checks.push({
    name: "every ledger row of the run is an order's, a cancellation's or staff's",
    ok: stray.length === 0,
    detail: stray.length === 0 ? 'all attributed' : stray.map((row) => `${row.n} ${row.source}`).join(', '),
  });

  // (2c) Each order took exactly its items' quantities, in one ledger row per product.
  const orderLedger = await q<{
    order_id: string;
    product_id: string;
    ordered: number | null;
    taken: number | null;
    rows: number | null;
  }>(
    `WITH ${MARK}, ${RUN_ORDERS},
          items AS (SELECT order_id, product_id, sum(quantity)::int AS q FROM order_items
                    WHERE order_id IN (SELECT id FROM run_orders) GROUP BY 1, 2),
          taken AS (SELECT order_id, product_id, (-sum(change))::int AS q, count(*)::int AS n
                    FROM stock_movements WHERE source = 'order' AND order_id IN (SELECT id FROM run_orders)
                    GROUP BY 1, 2)
     SELECT coalesce(i.order_id, t.order_id) AS order_id, coalesce(i.product_id, t.product_id) AS product_id,
            i.q AS ordered, t.q AS taken, t.n AS rows
     FROM items i FULL JOIN taken t ON t.order_id = i.order_id AND t.product_id = i.product_id
     WHERE i.q IS DISTINCT FROM t.q OR t.n IS DISTINCT FROM 1`,
    [input.startReason],
  );
  checks.push({
    name: "ledger 'order' rows = −order items, per order and product",
    ok: orderLedger.length === 0,
    detail: orderLedger.length === 0 ? 'all equal' : `${orderLedger.length} differ`,
    lines: orderLedger
      .slice(0, SHOWN)
      .map(
        (row) =>
          `order ${row.order_id} product ${row.product_id}: ordered ${row.ordered}, ledger took ${row.taken} in ${row.rows ?? 0} rows`,
      ),
  });

  // (3b) A cancelled order returned each item exactly once; no other order returned anything.
  const returns = await q<{
    order_id: string;
    product_id: string;
    status: string | null;
    ordered: number | null;
    returned: number | null;
    rows: number | null;
  }>(
    `WITH ${MARK}, ${RUN_ORDERS},
          items AS (SELECT order_id, product_id, sum(quantity)::int AS q FROM order_items
                    WHERE order_id IN (SELECT id FROM run_orders) GROUP BY 1, 2),
          returned AS (SELECT order_id, product_id, sum(change)::int AS q, count(*)::int AS n
                       FROM stock_movements WHERE source = 'cancellation' AND order_id IN (SELECT id FROM run_orders)
                       GROUP BY 1, 2)
     SELECT coalesce(i.order_id, r.order_id) AS order_id, coalesce(i.product_id, r.product_id) AS product_id,
            o.status, i.q AS ordered, r.q AS returned, r.n AS rows
     FROM items i FULL JOIN returned r ON r.order_id = i.order_id AND r.product_id = i.product_id
     LEFT JOIN orders o ON o.id = coalesce(i.order_id, r.order_id)
     WHERE CASE WHEN o.status = 'cancelled' THEN r.q IS DISTINCT FROM i.q OR r.n IS DISTINCT FROM 1
                ELSE r.n IS NOT NULL END`,
    [input.startReason],
  );
  const [{ cancelled }] = (await q<{ cancelled: number }>(
    `WITH ${MARK}, ${RUN_ORDERS}
     SELECT count(*)::int AS cancelled FROM orders WHERE status = 'cancelled' AND id IN (SELECT id FROM run_orders)`,
    [input.startReason],
  )) as [{ cancelled: number }];
  checks.push({
    name: 'each cancelled order returned its items exactly once, no other order returned any',
    ok: returns.length === 0,
    detail: `${cancelled} cancelled orders, ${returns.length} wrong`,
    lines: returns
      .slice(0, SHOWN)
      .map(
        (row) =>
          `order ${row.order_id} (${row.status}) product ${row.product_id}: ordered ${row.ordered}, returned ${row.returned} in ${row.rows ?? 0} rows`,
      ),
  });

  // (2d) The hot products, spelled out: start − ordered + returned by cancellations + staff = stock.
  const hot = await q<{
    id: string;
    sku: string;
    stock: number;
    ordered: number;
    returned: number;
    staff: number;
    taken: number;
  }>(
    `WITH ${MARK},
       ordered AS (SELECT i.product_id, sum(i.quantity)::int AS q FROM order_items i JOIN orders o ON o.id = i.order_id
                   WHERE o.user_id = ANY($2::uuid[]) GROUP BY 1),
       returned AS (SELECT i.product_id, sum(i.quantity)::int AS q FROM order_items i JOIN orders o ON o.id = i.order_id
                    WHERE o.user_id = ANY($2::uuid[]) AND o.status = 'cancelled' GROUP BY 1),
       staff AS (SELECT product_id, sum(change)::int AS q FROM stock_movements
                 WHERE source = 'staff' AND created_at > (SELECT at FROM mark) GROUP BY 1),
       taken AS (SELECT product_id, (-sum(change))::int AS q FROM stock_movements WHERE source = 'order' GROUP BY 1)
     SELECT p.id, p.sku, p.stock, coalesce(ordered.q, 0) AS ordered, coalesce(returned.q, 0) AS returned,
            coalesce(staff.q, 0) AS staff, coalesce(taken.q, 0) AS taken
     FROM products p
     LEFT JOIN ordered ON ordered.product_id = p.id LEFT JOIN returned ON returned.product_id = p.id
     LEFT JOIN staff ON staff.product_id = p.id LEFT JOIN taken ON taken.product_id = p.id
     WHERE p.id = ANY($3::uuid[]) ORDER BY p.sku`,
    [input.startReason, input.shopperIds, hotIds],
  );
  const hotLines = hot.map((row) => {
    const start = input.startStock.get(row.id) ?? NaN;
    const expected = start - row.ordered + row.returned + row.staff;
    const ok = expected === row.stock && row.taken === row.ordered;
    return {
      ok,
      line:
        `${ok ? 'ok ' : 'BAD'} ${row.sku}: ${start} start − ${row.ordered} ordered + ${row.returned} returned ` +
        `+ ${row.staff} staff = ${expected}; stock ${row.stock}; ledger 'order' rows −${row.taken}`,
    };
  });
  checks.push({
    name: 'hot products: start − ordered + cancelled + staff changes = stock',
    ok: hot.length === input.hot.length && hotLines.every((line) => line.ok),
    detail: `${hot.length} hot products`,
    lines: hotLines.map((line) => line.line),
  });

  // (3) Every order's history is a chain of allowed moves from 'pending' to its status.
  const orders = await q<{ id: string; status: OrderStatus }>(
    `WITH ${MARK}, ${RUN_ORDERS} SELECT id, status FROM orders WHERE id IN (SELECT id FROM run_orders)`,
    [input.startReason],
  );
  const history = await q<{ order_id: string; from_status: OrderStatus | null; to_status: OrderStatus }>(
    `WITH ${MARK}, ${RUN_ORDERS}
     SELECT order_id, from_status, to_status FROM order_status_history
     WHERE order_id IN (SELECT id FROM run_orders) ORDER BY order_id, created_at, id`,
    [input.startReason],
  );
  const byOrder = new Map<string, { from: OrderStatus | null; to: OrderStatus }[]>();
  for (const row of history) {
    const rows = byOrder.get(row.order_id) ?? [];
    rows.push({ from: row.from_status, to: row.to_status });
    byOrder.set(row.order_id, rows);
  }
  const broken: string[] = [];
  let outOfTimeOrder = 0;
  for (const order of orders) {
    const rows = byOrder.get(order.id) ?? [];
    byOrder.delete(order.id);
    const problem = chainProblem(order.status, rows);
    if (problem) broken.push(`order ${order.id} (${order.status}): ${problem}`);
    else if (rows.some((row, index) => index > 0 && row.from !== rows[index - 1]!.to)) outOfTimeOrder++;
  }
  for (const orderId of byOrder.keys()) broken.push(`history rows for missing order ${orderId}`);
  checks.push({
    name: "every order's status history: allowed moves from 'pending', ending at its status",
    ok: broken.length === 0,
    detail: `${orders.length} orders, ${history.length} history rows, ${broken.length} inconsistent`,
    lines: broken.slice(0, SHOWN),
    ...(outOfTimeOrder > 0 && {
      note:
        `${outOfTimeOrder} orders' history rows, sorted by created_at, are not in chain order: created_at is ` +
        `the transaction's start, and a change that waited for the order's row lock can start earlier ` +
        `than the change it waited for (the admin timeline sorts by created_at)`,
    }),
  });
  checks.push({
    name: 'one history row per status change answered 200',
    ok: history.length === input.statusChanges,
    detail: `${history.length} rows, ${input.statusChanges} changes answered 200`,
  });

  // (4) Orders in the database = orders the shoppers saw placed: none lost, none doubled.
  const placed = [...input.placedOrders];
  const [counts] = await q<{ total: number; theirs: number; seen: number; doubled: number }>(
    `WITH ${MARK}, ${RUN_ORDERS}
     SELECT count(*)::int AS total,
            count(*) FILTER (WHERE user_id = ANY($2::uuid[]))::int AS theirs,
            count(*) FILTER (WHERE id = ANY($3::uuid[]))::int AS seen,
            (SELECT count(*)::int FROM (SELECT 1 FROM orders WHERE idempotency_key IS NOT NULL
                                        GROUP BY user_id, idempotency_key HAVING count(*) > 1) d) AS doubled
     FROM orders WHERE id IN (SELECT id FROM run_orders)`,
    [input.startReason, input.shopperIds, placed],
  );
  checks.push({
    name: 'orders in the database = distinct orders answered 201',
    ok:
      counts!.total === placed.length &&
      counts!.theirs === counts!.total &&
      counts!.seen === placed.length &&
      counts!.doubled === 0,
    detail:
      `${counts!.total} placed during the run (${counts!.theirs} by this run's shoppers), ${placed.length} answered 201, ` +
      `${counts!.seen} of those found, ${counts!.doubled} idempotency keys used twice`,
  });

  // Each order's total is its items' (a statement run with another's parameters would break it),
  // each line by the shop's one rounding rule: a product sold by measure is priced per kg, L or
  // 100 g / 100 ml of its quantity in grams or millilitres (the rollup's SQL function, docs/money.md).
  const totals = await q<{ id: string; total: string; items: string }>(
    `WITH lines AS (
       SELECT o.id, o.total,
              coalesce(sum(analytics_line_cents(coalesce(i.weighed_quantity, i.quantity), i.price, i.measure_unit)), 0)
                AS cents
       FROM orders o LEFT JOIN order_items i ON i.order_id = o.id
       GROUP BY o.id, o.total
     )
     SELECT id, total::text, (cents / 100.0)::numeric(12, 2)::text AS items FROM lines
     WHERE total * 100 <> cents`,
  );
  checks.push({
    name: "every order's total = the sum of its items",
    ok: totals.length === 0,
    detail: totals.length === 0 ? 'all equal' : `${totals.length} differ`,
    lines: totals.slice(0, SHOWN).map((row) => `order ${row.id}: total ${row.total}, items ${row.items}`),
  });

  return checks;
}

/** Why `rows` (in created_at order) is not a chain of allowed moves from 'pending' to `status`. */
export function chainProblem(
  status: OrderStatus,
  rows: { from: OrderStatus | null; to: OrderStatus }[],
): string | null {
  const left = [...rows];
  // An optional creation row (null → pending) may open the history.
  const creation = left.findIndex((row) => row.from === null);
  if (creation >= 0) {
    if (left[creation]!.to !== 'pending') return `a creation row into ${left[creation]!.to}`;
    left.splice(creation, 1);
    if (left.some((row) => row.from === null)) return 'two creation rows';
  }
  // Statuses never repeat along allowed moves, so following from → to is unambiguous; created_at
  // order is not relied on (see the note where this is called).
  let current: OrderStatus = 'pending';
  while (left.length > 0) {
    const next = left.filter((row) => row.from === current);
    if (next.length !== 1) return `${next.length} changes from ${current} (${describe(rows)})`;
    const row = next[0]!;
    if (!ORDER_TRANSITIONS[current].includes(row.to)) return `${current} → ${row.to} is not allowed`;
    left.splice(left.indexOf(row), 1);
    current = row.to;
  }
  return current === status ? null : `history ends at ${current}, the order is ${status} (${describe(rows)})`;
}

const describe = (rows: { from: OrderStatus | null; to: OrderStatus }[]) =>
  rows.map((row) => `${row.from ?? '∅'}→${row.to}`).join(', ') || 'no rows';
