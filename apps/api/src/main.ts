/**
 * Starts the shop: configuration, database (embedded when DATABASE_URL is unset), migrations,
 * demo data on first start, then the HTTP server. SIGTERM/SIGINT let in-flight requests finish.
 */
import { migrate, openDatabase, seedDemoData, seedPermissionModel, CategoryEntity } from '@shop/db';
import { loadEnv } from './env';
import { buildApp } from './app';
import { startDraining } from './modules/health/health.routes';

const env = loadEnv();
const db = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DB_POOL_SIZE });
await migrate(db.dataSource);
// Authorization reads roles → groups → permissions: ensure the built-in ones exist (idempotent).
await db.dataSource.transaction((tx) => seedPermissionModel(tx));
if (env.SEED_DEMO && (await db.dataSource.manager.count(CategoryEntity)) === 0) {
  await seedDemoData(db.dataSource);
}

const app = await buildApp({ env, dataSource: db.dataSource, databaseKind: db.kind });
await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Shop ready (${db.kind} database)`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  if (env.SHUTDOWN_DRAIN_SECONDS > 0) {
    // Out of the load balancer's rotation first (/api/ready → 503), still serving meanwhile.
    startDraining();
    app.log.info(`${signal}: not ready any more, closing in ${env.SHUTDOWN_DRAIN_SECONDS} s`);
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_SECONDS * 1000));
  }
  app.log.info(`${signal}: finishing in-flight requests`);
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
