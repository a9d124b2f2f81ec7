/**
 * Starts the shop: configuration, database (embedded when DATABASE_URL is unset), migrations,
 * demo data on first start, then the HTTP server. SIGTERM/SIGINT let in-flight requests finish.
 */
import type { AddressInfo } from 'node:net';
import {
  migrate,
  openDatabase,
  seedDemoData,
  seedDeliveryZones,
  seedShowcase,
  seedPermissionModel,
  CategoryEntity,
} from '@shop/db';
import { loadDotEnv, loadEnv, type Env } from './env';
import { buildApp } from './app';
import { startBanner } from './start-banner';
import { startDraining } from './modules/health/health.routes';

const envFile = loadDotEnv();
let env: Env;
try {
  env = loadEnv();
} catch (error) {
  // A configuration mistake is the operator's to fix: the message, not a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
const db = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DB_POOL_SIZE });
await migrate(db.dataSource);
// Authorization reads roles → groups → permissions: ensure the built-in ones exist (idempotent).
await db.dataSource.transaction((tx) => seedPermissionModel(tx));
if (env.SEED_DEMO && (await db.dataSource.manager.count(CategoryEntity)) === 0) {
  await seedDemoData(db.dataSource);
  // Slotted delivery out of the box (docs/delivery-slots.md): one zone for every postal code.
  await seedDeliveryZones(db.dataSource);
  // Lots expiring this week and orders in each state, booked into the zone's slots.
  await seedShowcase(db.dataSource);
}

const app = await buildApp({ env, dataSource: db.dataSource, databaseKind: db.kind });
await app.listen({ port: env.PORT, host: env.HOST });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(startBanner({ env, port, databaseKind: db.kind, envFile }));
app.log.info({ port, database: db.kind }, 'Shop ready');

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
