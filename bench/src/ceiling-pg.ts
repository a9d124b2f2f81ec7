/**
 * Ceiling 2: the storefront listing's SQL (the first page of active products in name order, as
 * `listProducts` sends it for the storefront view) through plain `pg` in a bare Fastify route,
 * mapped to the same JSON. What Node + HTTP + PostgreSQL can do without our layers (sessions,
 * helmet, tRPC, zod, TypeORM). `/api/products/:id` is the by-key ceiling: one active product by its
 * key, the same columns.
 *
 *   DATABASE_URL=postgres://… PORT=4000 POOL_SIZE=10 node --import tsx src/ceiling-pg.ts
 */
import Fastify from 'fastify';
import pg from 'pg';

const LISTING_SQL = `
  SELECT p.id, p.name, p.description, p.price, p.unit, p.stock, p.image_url, p.category_id,
         p.allergens, p.may_contain, p.dietary_labels
  FROM products p
  WHERE p.is_active ORDER BY p.name, p.id LIMIT $1`;

const BY_ID_SQL = `
  SELECT p.id, p.name, p.description, p.price, p.unit, p.stock, p.image_url, p.category_id,
         p.allergens, p.may_contain, p.dietary_labels
  FROM products p
  WHERE p.id = $1 AND p.is_active`;

interface Row {
  id: string;
  name: string;
  description: string | null;
  price: string;
  unit: string;
  stock: number;
  image_url: string | null;
  category_id: string | null;
  allergens: string[];
  may_contain: string[];
  dietary_labels: string[];
}

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});
const app = Fastify({ logger: false });
const toDto = (row: Row) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price,
  unit: row.unit,
  stock: row.stock,
  imageUrl: row.image_url,
  categoryId: row.category_id,
  isOrganic: row.dietary_labels.includes('organic'),
  isGlutenFree: row.dietary_labels.includes('gluten-free'),
  allergens: row.allergens,
  mayContain: row.may_contain,
  dietaryLabels: row.dietary_labels,
});
app.get('/api/products', async () => {
  const { rows } = await pool.query<Row>(LISTING_SQL, [20]);
  return rows.map(toDto);
});
app.get<{ Params: { id: string } }>('/api/products/:id', async (req, reply) => {
  const { rows } = await pool.query<Row>(BY_ID_SQL, [req.params.id]);
  return rows[0] ? toDto(rows[0]) : reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
