/**
 * A deployment's one-shot migrate step (`node dist/migrate.js`; docker-compose.yml's `migrate`
 * service): applies pending migrations and the permission model's rows, then exits 0. The api
 * instances started after it find nothing left to do. Safe beside running instances and other
 * migrate steps: migrate() holds a PostgreSQL advisory lock while it works. Same configuration as
 * the api (env.ts).
 */
import { migrate, openDatabase, seedPermissionModel } from '@shop/db';
import { loadEnv } from './env';

const env = loadEnv();
const db = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
try {
  const ran = await migrate(db.dataSource);
  await db.dataSource.transaction((tx) => seedPermissionModel(tx));
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'The database is up to date.');
} finally {
  await db.close();
}
