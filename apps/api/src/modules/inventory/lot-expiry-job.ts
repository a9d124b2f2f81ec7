/**
 * Expired lots leave sellable stock without anyone touching them (issue 21 part 2;
 * docs/stock-lots.md): a job on the api's PostgreSQL job queue (jobs/job-queue.ts), scheduled every
 * ten minutes and run once when the api starts, stamps every open lot whose date has passed and
 * takes it off its product's stock with a ledger row (stock-lots.ts `expireDueLots`). Staff screens
 * and the catalogue hear the new levels as of any stock change.
 *
 * Between runs nothing overdue is sold or shown: placement and the storefront subtract overdue
 * lots at read time. pg-boss keeps one schedule per queue however many instances start, and the
 * products are locked in id order, so two runs (two instances) never take a lot off twice: the
 * second finds it stamped.
 */
import type { PgBoss } from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { FastifyBaseLogger } from 'fastify';
import { expireDueLots } from './stock-lots';

export const LOT_EXPIRY_QUEUE = 'lot-expiry';
/** Every ten minutes (UTC, the shop's day): a lot goes at most ten minutes into the day after its date. */
export const LOT_EXPIRY_CRON = '*/10 * * * *';

/** One run: every overdue lot of every product, in one transaction. Answers how many lots expired. */
export function runLotExpiry(dataSource: DataSource): Promise<number> {
  return dataSource.transaction((tx) => expireDueLots(tx));
}

export async function startLotExpiry({
  boss,
  dataSource,
  log,
}: {
  boss: PgBoss;
  dataSource: DataSource;
  log: FastifyBaseLogger;
}): Promise<void> {
  await boss.createQueue(LOT_EXPIRY_QUEUE, { policy: 'singleton', retryLimit: 3, retryDelay: 30 });
  await boss.schedule(LOT_EXPIRY_QUEUE, LOT_EXPIRY_CRON, null, { tz: 'UTC' });
  await boss.work(LOT_EXPIRY_QUEUE, async () => {
    const expired = await runLotExpiry(dataSource);
    if (expired > 0) log.info({ expired }, 'expired lots left sellable stock');
  });
  await boss.send(LOT_EXPIRY_QUEUE, null, { singletonKey: 'start' });
}
