/**
 * A read sent as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * then only binds and runs it. TypeORM's `query()` always sends an unnamed statement, planned anew
 * every time; for a short, hot read the planning is most of the database's work (one product by id:
 * 6,560 statements/s in pgbench sent plain against 36,800 prepared; docs/benchmarks.md "Prepared
 * reads").
 *
 * Only for statements whose text is one of a small fixed set (each distinct text is a statement
 * kept on every pooled connection) and whose best plan does not depend on the values (after five
 * runs PostgreSQL may keep one generic plan for all values): lookups by key, not searches.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** node-postgres' client or pool: both take a named statement. */
interface PgQueryable {
  query<Row>(statement: NamedStatement): Promise<{ rows: Row[] }>;
}

const names = new Map<string, string>();

/** A name per text, the same in every process and on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `read_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `text` with `values` through `db` as a named prepared statement: on the transaction's
 * connection inside one, else on a pooled connection.
 */
export async function preparedQuery<Row>(db: EntityManager, text: string, values: unknown[]): Promise<Row[]> {
  const statement = { name: statementName(text), text, values };
  const target: PgQueryable = db.queryRunner
    ? await (db.queryRunner as unknown as { connect(): Promise<PgQueryable> }).connect()
    : (db.connection.driver as unknown as { master: PgQueryable }).master;
  return (await target.query<Row>(statement)).rows;
}
