/**
 * A large data set for benchmarks and for trying the back office at scale (`pnpm db:seed --large`):
 * 30 categories, 10,000 products, 2,000 customers with an address each, 50,000 orders over the
 * last year with 1–4 items each and the status history of every order past `pending`.
 *
 * Set-based: every table is filled by one INSERT … SELECT over generate_series / unnest, in one
 * transaction, so it takes seconds rather than minutes and leaves nothing half-loaded. Random
 * values come from a seeded random(), so two loads of an empty database look alike.
 *
 * Idempotent-ish: when the last large product (sku LG-10000) exists, nothing is done. It goes on
 * top of the demo data (the demo categories are reused; the demo accounts stay as they are).
 *
 * Realism, briefly: statuses follow an order's age (today's orders are mostly pending, older ones
 * delivered, ~7 % cancelled), payment status follows the status and the method as the server sets
 * it (`nextPaymentStatus`), recent months have more orders than old ones, a few customers and a few
 * products account for much of the trade, and totals are the sum of the items at their prices.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { ALLERGENS, DIETARY_LABELS } from '@shop/schema';

export const LARGE_PRODUCTS = 10_000;
export const LARGE_CUSTOMERS = 2_000;
export const LARGE_ORDERS = 50_000;
/** Every large-seed customer's email ends with this. */
export const LARGE_EMAIL_DOMAIN = 'large.example.com';
export const largeCustomerEmail = (n: number) => `shopper${String(n).padStart(4, '0')}@${LARGE_EMAIL_DOMAIN}`;
const LAST_SKU = `LG-${LARGE_PRODUCTS}`;

/** The 8 demo categories and 22 more. */
export const LARGE_CATEGORIES: [name: string, description: string][] = [
  ['Fresh Produce', 'Seasonal fruit, vegetables and salad leaves.'],
  ['Dairy & Eggs', 'Milk, butter, yogurt, cheese and eggs.'],
  ['Bakery', 'Breads, rolls and pastries baked every morning.'],
  ['Meat & Seafood', 'Butcher cuts and fish from the day’s catch.'],
  ['Pantry', 'Oils, grains, tins and jars.'],
  ['Beverages', 'Juices, waters and soft drinks.'],
  ['Coffee & Tea', 'Beans, ground coffee and loose-leaf tea.'],
  ['Snacks', 'Crisps, nuts and bars.'],
  ['Frozen Foods', 'Frozen vegetables, fruit, ice cream and ready meals.'],
  ['Deli', 'Cured meats, olives, antipasti and dips.'],
  ['Condiments & Sauces', 'Mustards, ketchups, chutneys and cooking sauces.'],
  ['Breakfast & Cereals', 'Granola, muesli, oats and cereals.'],
  ['Pasta & Rice', 'Dried and fresh pasta, rice and noodles.'],
  ['Canned Goods', 'Beans, tomatoes, fish and soups in tins.'],
  ['Baking', 'Flours, sugars, yeasts and decorations.'],
  ['Herbs & Spices', 'Dried herbs, whole and ground spices and blends.'],
  ['Confectionery', 'Chocolate, sweets and treats.'],
  ['Wine', 'Red, white, rosé and sparkling wines.'],
  ['Beer & Cider', 'Craft beers, lagers and ciders.'],
  ['Juices & Smoothies', 'Cold-pressed juices and smoothies.'],
  ['Health Foods', 'Superfoods, protein and free-from products.'],
  ['Plant-Based', 'Vegan alternatives to meat and dairy.'],
  ['World Foods', 'Ingredients from kitchens around the world.'],
  ['Nuts & Dried Fruit', 'Nuts, seeds and dried fruit.'],
  ['Soups & Stocks', 'Fresh soups, stocks and broths.'],
  ['Ready Meals', 'Chilled meals ready in minutes.'],
  ['Jams & Spreads', 'Jams, honeys, nut butters and spreads.'],
  ['Oils & Vinegars', 'Olive oils, seed oils and vinegars.'],
  ['Baby & Toddler', 'Purees, snacks and milks for little ones.'],
  ['Household Essentials', 'Kitchen roll, foil, bags and cleaning basics.'],
];

const ADJECTIVES = [
  'Organic',
  'Classic',
  'Artisan',
  'Smoked',
  'Wild',
  'Roasted',
  'Golden',
  'Farmhouse',
  'Italian',
  'Greek',
  'Spiced',
  'Honeyed',
  'Rustic',
  'Premium',
  'Country',
  'Heritage',
  'Mediterranean',
  'Nordic',
  'Alpine',
  'Tropical',
];
const NOUNS = [
  'Almond Butter',
  'Apple Juice',
  'Basmati Rice',
  'Black Beans',
  'Blueberry Jam',
  'Brown Bread',
  'Butter Beans',
  'Cashews',
  'Cheddar',
  'Chickpeas',
  'Chili Sauce',
  'Chocolate Bar',
  'Coconut Milk',
  'Cold Brew',
  'Cornflakes',
  'Couscous',
  'Cranberries',
  'Dark Roast Coffee',
  'Earl Grey Tea',
  'Egg Noodles',
  'Fig Chutney',
  'Flapjacks',
  'Fusilli',
  'Garlic Bread',
  'Ginger Beer',
  'Granola',
  'Green Lentils',
  'Hazelnuts',
  'Honey',
  'Hummus',
  'Ice Cream',
  'Lasagne',
  'Lemonade',
  'Mango Chutney',
  'Maple Syrup',
  'Mixed Nuts',
  'Muesli',
  'Olive Oil',
  'Olives',
  'Pale Ale',
  'Pesto',
  'Pistachios',
  'Porridge Oats',
  'Raspberry Jam',
  'Red Wine Vinegar',
  'Salsa',
  'Sparkling Water',
  'Sunflower Seeds',
  'Tomato Soup',
  'Vegetable Stock',
];
const SIZES = [
  '100 g',
  '250 g',
  '500 g',
  '1 kg',
  '330 ml',
  '500 ml',
  '1 l',
  'pack of 4',
  'pack of 6',
  'family size',
];
const UNITS = ['each', 'jar', 'bag', 'bottle', 'pack', 'box', 'tin', 'kg'];
const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Jamie',
  'Riley',
  'Avery',
  'Quinn',
  'Robin',
  'Charlie',
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Mia',
  'Lucas',
  'Sofia',
  'Mateo',
  'Aisha',
  'Yuki',
  'Priya',
  'Omar',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Nguyen',
  'Kim',
  'Patel',
];
const CITIES = [
  ['Springfield', 'IL', '62701'],
  ['Portland', 'OR', '97201'],
  ['Austin', 'TX', '73301'],
  ['Denver', 'CO', '80201'],
  ['Boston', 'MA', '02108'],
  ['Seattle', 'WA', '98101'],
  ['Madison', 'WI', '53703'],
  ['Raleigh', 'NC', '27601'],
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Elm St',
  'Pine Rd',
  'Lakeview Blvd',
  'Hill St',
];

export interface LargeSeedResult {
  /** False when the large data set was already there. */
  loaded: boolean;
  categories: number;
  products: number;
  customers: number;
  orders: number;
  orderItems: number;
  statusChanges: number;
  ms: number;
}

/** Runs a write and returns how many rows it wrote. */
async function written(tx: EntityManager, sql: string, parameters: unknown[] = []): Promise<number> {
  const result = await tx.queryRunner!.query(sql, parameters, true);
  return result.affected ?? 0;
}

async function count(db: EntityManager, sql: string): Promise<number> {
  const [row] = (await db.query(sql)) as { n: number }[];
  return row?.n ?? 0;
}

/** Loads the large data set in one transaction; skips when it is already loaded. */
export async function seedLargeData(dataSource: DataSource): Promise<LargeSeedResult> {
  const started = Date.now();
  const existing = await dataSource.query(`SELECT 1 FROM products WHERE sku = $1`, [LAST_SKU]);
  if (existing.length > 0) {
    return {
      loaded: false,
      categories: 0,
      products: 0,
      customers: 0,
      orders: 0,
      orderItems: 0,
      statusChanges: 0,
      ms: 0,
    };
  }

  const result = await dataSource.transaction(async (tx) => {
    await tx.query(`SET LOCAL work_mem = '64MB'`);
    await tx.query(`SELECT setseed(0.42)`);

    await tx.query(
      `INSERT INTO categories (name, description)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (name) DO NOTHING`,
      [LARGE_CATEGORIES.map(([name]) => name), LARGE_CATEGORIES.map(([, description]) => description)],
    );

    // Products: adjective × noun × size gives 10,000 distinct names; category by number, so each
    // of the 30 categories gets ~333. 2 % are discontinued, ~4 % sold out, ~10 % running low.
    const products = await written(
      tx,
      `WITH cats AS (
         SELECT array_agg(id ORDER BY name) AS ids, array_agg(name ORDER BY name) AS names
         FROM categories WHERE name = ANY($1::text[])
       ), words AS (SELECT $2::text[] AS adj, $3::text[] AS noun, $4::text[] AS size, $5::text[] AS unit)
       INSERT INTO products (sku, name, description, category_id, price, unit, stock, low_stock_threshold,
                             dietary_labels, allergens, may_contain, is_active, image_url, created_at, updated_at)
       SELECT 'LG-' || i,
              adj[1 + i % 20] || ' ' || noun[1 + (i / 20) % 50] || ' ' || size[1 + (i / 1000) % 10],
              adj[1 + i % 20] || ' ' || lower(noun[1 + (i / 20) % 50]) || ' from our '
                || cats.names[1 + i % 30] || ' range. ' || size[1 + (i / 1000) % 10] || '.',
              cats.ids[1 + i % 30],
              round((0.49 + random() * random() * 60)::numeric, 2),
              unit[1 + i % 8],
              CASE WHEN r < 0.04 THEN 0 WHEN r < 0.14 THEN 1 + floor(random() * 9)::int
                   ELSE 10 + floor(random() * 490)::int END,
              10,
              -- Labels that the allergens do not contradict (a vegan product contains no milk).
              ARRAY(SELECT l FROM unnest($6::text[]) AS l WHERE
                (l = 'vegan' AND NOT f.allergens && ARRAY['milk', 'eggs', 'fish', 'crustaceans', 'molluscs']
                   AND abs(hashint4(i * 7 + 1)) % 100 < 40)
                OR (l = 'vegetarian' AND NOT f.allergens && ARRAY['fish', 'crustaceans', 'molluscs']
                   AND abs(hashint4(i * 7 + 1)) % 100 < 60)
                OR (l = 'gluten-free' AND NOT f.allergens && ARRAY['gluten', 'wheat']
                   AND abs(hashint4(i * 7 + 2)) % 100 < 25)
                OR (l = 'lactose-free' AND abs(hashint4(i * 7 + 3)) % 100 < 15)
                OR (l = 'organic' AND (adj[1 + i % 20] = 'Organic' OR abs(hashint4(i * 7 + 4)) % 100 < 10))
                OR (l = 'halal' AND abs(hashint4(i * 7 + 5)) % 100 < 10)
                OR (l = 'kosher' AND abs(hashint4(i * 7 + 6)) % 100 < 8)),
              f.allergens,
              f.may_contain,
              i % 50 <> 0,
              NULL,
              created, created
       FROM generate_series(1, ${LARGE_PRODUCTS}) AS i, cats, words,
            LATERAL (SELECT i AS _i, random() AS r, now() - random() * interval '730 days' AS created) AS x,
            -- Each allergen contained by ~8 % of products and a trace of it in ~5 % more (issue 20).
            LATERAL (
              SELECT ARRAY(SELECT a FROM unnest($7::text[]) WITH ORDINALITY AS t(a, k)
                           WHERE abs(hashint4(i * 16 + k::int)) % 100 < 8) AS allergens,
                     ARRAY(SELECT a FROM unnest($7::text[]) WITH ORDINALITY AS t(a, k)
                           WHERE abs(hashint4(i * 16 + k::int)) % 100 BETWEEN 8 AND 12) AS may_contain
            ) AS f
       ON CONFLICT (sku) DO NOTHING`,
      [LARGE_CATEGORIES.map(([name]) => name), ADJECTIVES, NOUNS, SIZES, UNITS, DIETARY_LABELS, ALLERGENS],
    );

    const customers = await written(
      tx,
      `INSERT INTO users (email, first_name, last_name, phone, role, created_at, updated_at)
       SELECT 'shopper' || lpad(i::text, 4, '0') || '@${LARGE_EMAIL_DOMAIN}',
              ($1::text[])[1 + i % ${FIRST_NAMES.length}], ($2::text[])[1 + (i / 3) % ${LAST_NAMES.length}],
              '+1 555 ' || lpad(i::text, 4, '0'), 'customer', joined, joined
       FROM generate_series(1, ${LARGE_CUSTOMERS}) AS i,
            LATERAL (SELECT i AS _i, now() - interval '400 days' + random() * interval '380 days' AS joined) AS x
       ON CONFLICT (email) DO NOTHING`,
      [FIRST_NAMES, LAST_NAMES],
    );

    await tx.query(
      `INSERT INTO user_addresses (user_id, title, street, city, state, zip_code, country, is_default)
       SELECT u.id, 'Home', (10 + n % 890) || ' ' || ($1::text[])[1 + n % ${STREETS.length}],
              ($2::text[])[1 + n % ${CITIES.length}], ($3::text[])[1 + n % ${CITIES.length}],
              ($4::text[])[1 + n % ${CITIES.length}], 'US', true
       FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users
             WHERE email LIKE '%@${LARGE_EMAIL_DOMAIN}') AS u
       WHERE NOT EXISTS (SELECT 1 FROM user_addresses a WHERE a.user_id = u.id)`,
      [STREETS, CITIES.map((c) => c[0]), CITIES.map((c) => c[1]), CITIES.map((c) => c[2])],
    );

    // Orders, first in a scratch table so items and totals can be computed before they are written.
    // Age: now - 365 days × u^1.6 (more recent orders); customer: 2000 × u^1.5 (some order often).
    await tx.query(
      `CREATE TEMP TABLE large_orders ON COMMIT DROP AS
       WITH c AS (
         SELECT array_agg(u.id ORDER BY u.email) AS ids,
                array_agg(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ORDER BY u.email) AS names,
                array_agg(a.street || ', ' || a.city || ', ' || a.state || ' ' || a.zip_code || ', ' || a.country
                          ORDER BY u.email) AS addresses
         FROM users u JOIN user_addresses a ON a.user_id = u.id AND a.is_default
         WHERE u.email LIKE '%@${LARGE_EMAIL_DOMAIN}'
       )
       SELECT gen_random_uuid() AS id, n, c.ids[k] AS user_id, c.names[k] AS holder, c.addresses[k] AS address,
              created_at, age,
              CASE WHEN m < 0.7 THEN 'card' WHEN m < 0.9 THEN 'cash_on_delivery' ELSE 'bank_transfer' END AS payment_method,
              CASE
                WHEN age < interval '1 day' THEN
                  CASE WHEN s < 0.7 THEN 'pending' WHEN s < 0.95 THEN 'processing' ELSE 'cancelled' END
                WHEN age < interval '4 days' THEN
                  CASE WHEN s < 0.1 THEN 'pending' WHEN s < 0.45 THEN 'processing' WHEN s < 0.93 THEN 'shipped' ELSE 'cancelled' END
                WHEN age < interval '10 days' THEN
                  CASE WHEN s < 0.25 THEN 'shipped' WHEN s < 0.93 THEN 'delivered' ELSE 'cancelled' END
                ELSE CASE WHEN s < 0.93 THEN 'delivered' ELSE 'cancelled' END
              END AS status,
              random() < 0.5 AS paid_before_cancel,
              CASE WHEN random() < 0.1 THEN 'Please leave at the door' END AS notes
       FROM generate_series(1, ${LARGE_ORDERS}) AS n, c,
            LATERAL (SELECT n AS _n, 1 + floor(array_length(c.ids, 1) * random() ^ 1.5)::int AS k,
                            random() ^ 1.6 * interval '365 days' AS age, random() AS m, random() AS s) AS x,
            LATERAL (SELECT now() - age AS created_at) AS y`,
    );

    // 1–4 lines per order; products skewed towards a popular few (10,000 × u^1.5); a product at
    // most once per order.
    await tx.query(
      `CREATE TEMP TABLE large_items ON COMMIT DROP AS
       WITH p AS (SELECT array_agg(id ORDER BY sku) AS ids, array_agg(price ORDER BY sku) AS prices
                  FROM products WHERE sku LIKE 'LG-%')
       SELECT DISTINCT ON (o.id, pick.idx) o.id AS order_id, p.ids[pick.idx] AS product_id,
              1 + floor(random() * random() * 4)::int AS quantity, p.prices[pick.idx] AS price, o.created_at
       FROM large_orders o, p,
            LATERAL generate_series(1, 1 + (o.n * 7) % 4) AS line,
            LATERAL (SELECT 1 + floor(array_length(p.ids, 1) * random() ^ 1.5)::int AS idx, line) AS pick`,
    );

    const orders = await written(
      tx,
      `INSERT INTO orders (id, user_id, status, payment_method, payment_status, total, shipping_address,
                           estimated_delivery, notes, card_holder_name, card_last_four, bank_name,
                           bank_account_number, created_at, updated_at)
       SELECT o.id, o.user_id, o.status, o.payment_method,
              CASE
                WHEN o.status = 'pending' THEN 'pending'
                WHEN o.status = 'cancelled' THEN CASE WHEN o.paid_before_cancel AND o.payment_method <> 'cash_on_delivery'
                                                      THEN 'refunded' ELSE 'cancelled' END
                WHEN o.status = 'delivered' THEN 'paid'
                WHEN o.payment_method = 'cash_on_delivery' THEN 'pending'
                ELSE 'paid'
              END,
              t.total, o.address, o.created_at + interval '5 days', o.notes,
              CASE WHEN o.payment_method = 'card' THEN o.holder END,
              CASE WHEN o.payment_method = 'card' THEN lpad((o.n * 37 % 10000)::text, 4, '0') END,
              CASE WHEN o.payment_method = 'bank_transfer' THEN 'First National Bank' END,
              CASE WHEN o.payment_method = 'bank_transfer' THEN 'US' || lpad((o.n * 7919 % 100000000)::text, 12, '0') END,
              o.created_at,
              o.created_at + CASE WHEN o.status = 'pending' THEN interval '0' ELSE least(o.age, interval '6 days') END
       FROM large_orders o
       JOIN (SELECT order_id, sum(price * quantity)::numeric(10, 2) AS total FROM large_items GROUP BY order_id) t
         ON t.order_id = o.id`,
    );

    const items = await written(
      tx,
      `INSERT INTO order_items (order_id, product_id, quantity, price, created_at)
       SELECT order_id, product_id, quantity, price, created_at FROM large_items`,
    );

    // The status timeline of every order past pending, recorded as staff (the demo admin) made it.
    const history = await written(
      tx,
      `INSERT INTO order_status_history (order_id, from_status, to_status, note, changed_by, created_at)
       SELECT o.id, step.from_status, step.to_status, NULL,
              (SELECT id FROM users WHERE email = 'admin@example.com'),
              o.created_at + least(o.age, interval '6 days') * step.i / step.n
       FROM large_orders o,
            LATERAL (SELECT CASE o.status
                              WHEN 'processing' THEN ARRAY['pending', 'processing']
                              WHEN 'shipped' THEN ARRAY['pending', 'processing', 'shipped']
                              WHEN 'delivered' THEN ARRAY['pending', 'processing', 'shipped', 'delivered']
                              WHEN 'cancelled' THEN CASE WHEN o.paid_before_cancel
                                                         THEN ARRAY['pending', 'processing', 'cancelled']
                                                         ELSE ARRAY['pending', 'cancelled'] END
                            END AS path) AS p,
            LATERAL (SELECT p.path[i - 1] AS from_status, p.path[i] AS to_status, i - 1 AS i,
                            array_length(p.path, 1) - 1 AS n
                     FROM generate_series(2, coalesce(array_length(p.path, 1), 1)) AS i) AS step`,
    );

    return {
      loaded: true,
      categories: await count(tx, `SELECT count(*)::int AS n FROM categories`),
      products,
      customers,
      orders,
      orderItems: items,
      statusChanges: history,
    };
  });

  // Fresh statistics, so the first queries after a load are planned on the real sizes.
  await dataSource.query(
    `ANALYZE categories, products, users, user_addresses, orders, order_items, order_status_history`,
  );
  return { ...result, ms: Date.now() - started };
}
