import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin → Analytics reads daily sums instead of the order lines (issue 19 item 5: p99 under 100 ms on
 * 50,000 orders; summing a range's lines cost 60–200 ms however they were indexed, docs/benchmarks.md
 * "Analytics"). The analytics ranges are whole UTC days, so a day is the grain:
 *
 * - analytics_daily_orders (day, status, slot): orders, their totals and their units;
 * - analytics_daily_products (day, product_id): units and line revenue of the orders not cancelled,
 *   with the product's current category (top categories without joining every product sold).
 *
 * Money is integer cents (bigint): summing thousands of rows per call, bigint is several times
 * faster than numeric, and exact.
 *
 * Triggers keep both exact in the transaction that changes an order (placement, a status change, a
 * cancellation, a deletion): a rolled-back order never counts, and no job can fall behind. They are
 * plpgsql, so the embedded database (PGlite) runs them as PostgreSQL does. Existing orders are
 * summed into the tables here.
 *
 * Locks: an order's placement already holds its products' row locks until commit, so the
 * (day, product) row adds no waiting; a product's category change updates its rows while it holds
 * the product's lock, in the same order. The (day, status) row would be shared by every order of a day;
 * `slot` (the writing transaction's id modulo 8) spreads those writers over 8 rows, and readers sum
 * the slots; a transaction touches one slot per (day, status), however many orders it places. A
 * status change moves an order from its old status's row to its new one's, and statuses only move
 * forward (pending → processing → shipped → delivered | cancelled), so two changes always lock rows
 * in the same order and cannot deadlock.
 *
 * The contract the triggers rely on: an order's lines are inserted in the statement that inserts the
 * order or later, and never in the same statement as a change of the order's status or day.
 */
export class AnalyticsRollup1766600000000 implements MigrationInterface {
  name = 'AnalyticsRollup1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP TRIGGER "products_analytics_rollup" ON "products"`,
      `DROP TRIGGER "order_items_analytics_rollup" ON "order_items"`,
      `DROP TRIGGER "orders_analytics_rollup_delete" ON "orders"`,
      `DROP TRIGGER "orders_analytics_rollup" ON "orders"`,
      `DROP FUNCTION analytics_rollup_product_category()`,
      `DROP FUNCTION analytics_rollup_order_items()`,
      `DROP FUNCTION analytics_rollup_orders()`,
      `DROP FUNCTION analytics_rollup_lines(uuid, timestamptz, varchar, int)`,
      `DROP FUNCTION analytics_rollup_line(uuid, timestamptz, varchar, uuid, int, numeric, varchar, int)`,
      `DROP FUNCTION analytics_line_units(int, varchar)`,
      `DROP FUNCTION analytics_line_cents(int, numeric, varchar)`,
      `DROP FUNCTION analytics_rollup_slot()`,
      `DROP TABLE "analytics_daily_products"`,
      `DROP TABLE "analytics_daily_orders"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}

const UP = [
  `CREATE TABLE "analytics_daily_orders" (
     "day" date NOT NULL,
     "status" character varying(20) NOT NULL,
     "slot" smallint NOT NULL,
     "orders" integer NOT NULL,
     "revenue_cents" bigint NOT NULL,
     "units" integer NOT NULL,
     CONSTRAINT "analytics_daily_orders_pkey" PRIMARY KEY ("day", "status", "slot"))`,
  // INCLUDE: a range's top lists are read from the index alone.
  `CREATE TABLE "analytics_daily_products" (
     "day" date NOT NULL,
     "product_id" uuid NOT NULL,
     "category_id" uuid,
     "units" integer NOT NULL,
     "revenue_cents" bigint NOT NULL,
     CONSTRAINT "analytics_daily_products_pkey" PRIMARY KEY ("day", "product_id")
       INCLUDE ("category_id", "units", "revenue_cents"))`,
  // A product moved to another category takes its sums along (the trigger on products below).
  `CREATE INDEX "analytics_daily_products_product_idx" ON "analytics_daily_products" ("product_id")`,

  // The writing transaction's slot: one (day, status) row per transaction, however many orders it
  // places (a group commit of placements, orders/group-commit.ts), so no transaction holds two of
  // them and none can deadlock on them. Readers sum the slots, so where an order was counted does
  // not matter to a sum.
  `CREATE FUNCTION analytics_rollup_slot() RETURNS smallint
   LANGUAGE sql VOLATILE AS $$ SELECT (txid_current() % 8)::smallint $$`,

  // A line's units and cents, by the shop's one rounding rule (packages/schema/src/measures.ts,
  // docs/money.md): quantity (the weighed one once staff recorded it) × price per basis (1 piece,
  // 1 kg / 1 L, 100 g / 100 ml), rounded once, half up. A line sold by measure counts as one unit:
  // grams and pieces do not add up.
  `CREATE FUNCTION analytics_line_cents(p_quantity int, p_price numeric, p_measure_unit varchar)
   RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
     SELECT round(p_quantity::numeric * p_price * 100 /
                  CASE p_measure_unit WHEN 'kg' THEN 1000 WHEN 'L' THEN 1000
                                      WHEN 'g' THEN 100 WHEN 'ml' THEN 100 ELSE 1 END)::bigint $$`,
  `CREATE FUNCTION analytics_line_units(p_quantity int, p_measure_unit varchar)
   RETURNS int LANGUAGE sql IMMUTABLE AS $$
     SELECT CASE WHEN p_measure_unit IS NULL THEN p_quantity ELSE 1 END $$`,

  // One line of an order counted (sign 1) or taken back (sign -1) under the order's day and status.
  `CREATE FUNCTION analytics_rollup_line(p_order_id uuid, p_placed_at timestamptz, p_status varchar,
                                         p_product_id uuid, p_quantity int, p_price numeric,
                                         p_measure_unit varchar, p_sign int)
   RETURNS void LANGUAGE plpgsql AS $$
   DECLARE
     v_day date := (p_placed_at AT TIME ZONE 'UTC')::date;
     v_units int := analytics_line_units(p_quantity, p_measure_unit);
   BEGIN
     INSERT INTO analytics_daily_orders AS a (day, status, slot, orders, revenue_cents, units)
     VALUES (v_day, p_status, analytics_rollup_slot(), 0, 0, p_sign * v_units)
     ON CONFLICT ON CONSTRAINT analytics_daily_orders_pkey DO UPDATE SET units = a.units + EXCLUDED.units;
     IF p_status <> 'cancelled' THEN
       INSERT INTO analytics_daily_products AS a (day, product_id, category_id, units, revenue_cents)
       VALUES (v_day, p_product_id, (SELECT category_id FROM products WHERE id = p_product_id),
               p_sign * v_units, p_sign * analytics_line_cents(p_quantity, p_price, p_measure_unit))
       ON CONFLICT ON CONSTRAINT analytics_daily_products_pkey
       DO UPDATE SET units = a.units + EXCLUDED.units, revenue_cents = a.revenue_cents + EXCLUDED.revenue_cents;
     END IF;
   END $$`,

  // Every line an order has now, counted or taken back (in product order: a fixed lock order).
  `CREATE FUNCTION analytics_rollup_lines(p_order_id uuid, p_placed_at timestamptz, p_status varchar, p_sign int)
   RETURNS void LANGUAGE plpgsql AS $$
   DECLARE
     v_line record;
   BEGIN
     FOR v_line IN SELECT i.product_id, COALESCE(i.weighed_quantity, i.quantity) AS quantity, i.price,
                          i.measure_unit
                   FROM order_items i WHERE i.order_id = p_order_id ORDER BY i.product_id LOOP
       PERFORM analytics_rollup_line(p_order_id, p_placed_at, p_status, v_line.product_id, v_line.quantity,
                                     v_line.price, v_line.measure_unit, p_sign);
     END LOOP;
   END $$`,

  // An order placed counts once with its total; a change of status, day or total moves it (and its
  // lines: they were counted under the old values) from the old row to the new one.
  `CREATE FUNCTION analytics_rollup_orders() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     v_moved boolean := TG_OP = 'DELETE';
   BEGIN
     IF TG_OP = 'UPDATE' THEN
       v_moved := OLD.status <> NEW.status OR OLD.created_at <> NEW.created_at;
     END IF;
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       INSERT INTO analytics_daily_orders AS a (day, status, slot, orders, revenue_cents, units)
       VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, analytics_rollup_slot(), -1, -(OLD.total * 100)::bigint, 0)
       ON CONFLICT ON CONSTRAINT analytics_daily_orders_pkey
       DO UPDATE SET orders = a.orders + EXCLUDED.orders, revenue_cents = a.revenue_cents + EXCLUDED.revenue_cents;
       IF v_moved THEN
         PERFORM analytics_rollup_lines(OLD.id, OLD.created_at, OLD.status, -1);
       END IF;
     END IF;
     IF TG_OP = 'DELETE' THEN
       RETURN OLD;
     END IF;
     INSERT INTO analytics_daily_orders AS a (day, status, slot, orders, revenue_cents, units)
     VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, analytics_rollup_slot(), 1, (NEW.total * 100)::bigint, 0)
     ON CONFLICT ON CONSTRAINT analytics_daily_orders_pkey
     DO UPDATE SET orders = a.orders + EXCLUDED.orders, revenue_cents = a.revenue_cents + EXCLUDED.revenue_cents;
     IF v_moved THEN
       PERFORM analytics_rollup_lines(NEW.id, NEW.created_at, NEW.status, 1);
     END IF;
     RETURN NEW;
   END $$`,

  // A line counts under its order's day and status as they are when the line is written. A line
  // deleted with its order (ON DELETE CASCADE) finds no order: the order's delete took it back.
  `CREATE FUNCTION analytics_rollup_order_items() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     v_order record;
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       SELECT id, created_at, status INTO v_order FROM orders WHERE id = OLD.order_id;
       IF FOUND THEN
         PERFORM analytics_rollup_line(v_order.id, v_order.created_at, v_order.status, OLD.product_id,
                                       COALESCE(OLD.weighed_quantity, OLD.quantity), OLD.price, OLD.measure_unit, -1);
       END IF;
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       SELECT id, created_at, status INTO v_order FROM orders WHERE id = NEW.order_id;
       PERFORM analytics_rollup_line(v_order.id, v_order.created_at, v_order.status, NEW.product_id,
                                     COALESCE(NEW.weighed_quantity, NEW.quantity), NEW.price, NEW.measure_unit, 1);
     END IF;
     RETURN NULL;
   END $$`,

  // Top categories are the products' current categories (as the product list shows them).
  `CREATE FUNCTION analytics_rollup_product_category() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE analytics_daily_products SET category_id = NEW.category_id WHERE product_id = NEW.id;
     RETURN NULL;
   END $$`,

  `CREATE TRIGGER "orders_analytics_rollup" AFTER INSERT OR UPDATE OF "status", "created_at", "total" ON "orders"
   FOR EACH ROW EXECUTE FUNCTION analytics_rollup_orders()`,
  // Before the delete, while the order's lines are still there to be taken back.
  `CREATE TRIGGER "orders_analytics_rollup_delete" BEFORE DELETE ON "orders"
   FOR EACH ROW EXECUTE FUNCTION analytics_rollup_orders()`,
  `CREATE TRIGGER "order_items_analytics_rollup"
   AFTER INSERT OR DELETE OR UPDATE OF "order_id", "product_id", "quantity", "weighed_quantity", "price", "measure_unit"
   ON "order_items"
   FOR EACH ROW EXECUTE FUNCTION analytics_rollup_order_items()`,
  `CREATE TRIGGER "products_analytics_rollup" AFTER UPDATE OF "category_id" ON "products"
   FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id)
   EXECUTE FUNCTION analytics_rollup_product_category()`,

  // The orders there are already.
  `INSERT INTO analytics_daily_orders (day, status, slot, orders, revenue_cents, units)
   SELECT (o.created_at AT TIME ZONE 'UTC')::date, o.status, analytics_rollup_slot(),
          count(*), SUM((o.total * 100)::bigint), COALESCE(SUM(l.units), 0)
   FROM orders o
   LEFT JOIN (SELECT order_id, SUM(analytics_line_units(quantity, measure_unit)) AS units
              FROM order_items GROUP BY order_id) l ON l.order_id = o.id
   GROUP BY 1, 2, 3`,
  `INSERT INTO analytics_daily_products (day, product_id, category_id, units, revenue_cents)
   SELECT (o.created_at AT TIME ZONE 'UTC')::date, i.product_id, p.category_id,
          SUM(analytics_line_units(i.quantity, i.measure_unit)),
          SUM(analytics_line_cents(COALESCE(i.weighed_quantity, i.quantity), i.price, i.measure_unit))
   FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id
   WHERE o.status <> 'cancelled'
   GROUP BY 1, 2, 3`,
  // Planned on their real sizes from the first call.
  `ANALYZE analytics_daily_orders, analytics_daily_products`,
];
