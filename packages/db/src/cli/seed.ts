import { migrate, openDatabase } from '../data-source';
import { seedDemoData } from '../seed/seed';
import { seedLargeData } from '../seed/large-seed';
import { seedDeliveryZones } from '../seed/delivery-seed';
import { seedShowcase } from '../seed/showcase-seed';
import { cliDatabaseConfig } from './config';

const db = await openDatabase(cliDatabaseConfig());
try {
  await migrate(db.dataSource);
  const added = await seedDemoData(db.dataSource);
  // The demo's delivery zone (docs/delivery-slots.md), unless staff already made zones.
  await seedDeliveryZones(db.dataSource);
  // Lots expiring this week and the demo customer's orders in each state (once).
  const showcase = await seedShowcase(db.dataSource);
  console.log(
    `Seeded: ${added.categories} categories, ${added.products} products, ${added.users} users, ${added.roles} roles, ` +
      `${showcase.lots} lots, ${showcase.orders} orders added.`,
  );
  // `pnpm db:seed --large`: the benchmark-sized data set on top (skipped when already loaded).
  if (process.argv.includes('--large')) {
    const large = await seedLargeData(db.dataSource);
    console.log(
      large.loaded
        ? `Large data set: ${large.products} products, ${large.customers} customers, ${large.orders} orders, ` +
            `${large.orderItems} items, ${large.statusChanges} status changes (${large.categories} categories) in ${large.ms} ms.`
        : 'Large data set: already loaded, nothing to do.',
    );
  }
} finally {
  await db.close();
}
