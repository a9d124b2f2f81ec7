/**
 * The live event bus on both transports, against a real database: an event queued in a
 * transaction is delivered once, after COMMIT, and never when the transaction (or its savepoint)
 * rolls back. In-process: one bus. PostgreSQL: two buses on one database, each with its own
 * DataSource and LISTEN connection, as two api instances have; the NOTIFY leaves after COMMIT
 * from outside the transaction, and a burst larger than one NOTIFY's payload arrives whole.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import Fastify from 'fastify';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@shop/schema';
import { dataSourceOptions } from '@shop/db';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import {
  InProcessTransport,
  LIVE_EVENTS_CHANNEL,
  LiveEventBus,
  PostgresTransport,
  type LiveEventTransport,
} from './live-event-bus';
import { publishAfterCommit } from './after-commit';

const log = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stock = (productId: string, level: number): LiveEvent => ({
  type: 'stock',
  productId,
  stock: level,
  lowStockThreshold: 10,
});
const placed = (orderId = randomUUID()): LiveEvent => ({
  type: 'order.placed',
  orderId,
  userId: randomUUID(),
  status: 'pending',
  total: '12.50',
});

interface Instance {
  bus: LiveEventBus;
  dataSource: DataSource;
  heard: LiveEvent[];
}

let db: TestDatabase;
const extraDataSources: DataSource[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 3 });
});

afterAll(async () => {
  for (const dataSource of extraDataSources) if (dataSource.isInitialized) await dataSource.destroy();
  await db?.drop();
});

async function startInstance(dataSource: DataSource, transport: LiveEventTransport): Promise<Instance> {
  const bus = new LiveEventBus(transport, log);
  await bus.start(dataSource);
  const heard: LiveEvent[] = [];
  bus.subscribe((event) => heard.push(event));
  return { bus, dataSource, heard };
}

async function secondDataSource(): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(db.url, { poolSize: 2 }));
  await dataSource.initialize();
  extraDataSources.push(dataSource);
  return dataSource;
}

/** The transports under test: what publishes, and every instance that must hear it. */
const transports = {
  'in-process': async () => [await startInstance(db.dataSource, new InProcessTransport())],
  // Two connections (a LISTEN client and a second pool) into one database: PostgreSQL only.
  ...(!embeddedTestDatabase && {
    'PostgreSQL, two buses on one database': async () => {
      const other = await secondDataSource();
      return [
        await startInstance(db.dataSource, new PostgresTransport(db.url, db.dataSource, log)),
        await startInstance(other, new PostgresTransport(db.url, other, log)),
      ];
    },
  }),
};

describe.each(Object.entries(transports))('the live event bus, %s', (_name, start) => {
  let instances: Instance[];
  let publisher: Instance;

  beforeAll(async () => {
    instances = await start();
    publisher = instances[0]!;
  });

  afterAll(async () => {
    for (const instance of instances ?? []) await instance.bus.close();
  });

  afterEach(() => {
    for (const instance of instances) instance.heard.length = 0;
  });

  /** Publishes a marker after everything else and waits until every instance has heard it. */
  async function settle(): Promise<void> {
    const marker = placed();
    publishAfterCommit(publisher.dataSource.manager, [marker]);
    for (const instance of instances)
      await expect.poll(() => instance.heard, { timeout: 5000 }).toContainEqual(marker);
    for (const instance of instances) instance.heard.pop();
  }

  it('delivers a committed event once, after COMMIT, to every instance', async () => {
    const event = placed();
    await publisher.dataSource.transaction(async (tx) => {
      publishAfterCommit(tx, [event]);
      await tx.query('SELECT 1');
      await sleep(200); // it would have arrived by now, were it sent before COMMIT
      for (const instance of instances) expect(instance.heard).toEqual([]);
    });
    for (const instance of instances)
      await expect.poll(() => instance.heard, { timeout: 5000 }).toEqual([event]);
    await settle();
    for (const instance of instances) expect(instance.heard).toEqual([event]);
  });

  it('never delivers an event whose transaction rolls back', async () => {
    const rolledBack = placed();
    await expect(
      publisher.dataSource.transaction(async (tx) => {
        publishAfterCommit(tx, [rolledBack]);
        await tx.query('SELECT 1');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await settle();
    for (const instance of instances) expect(instance.heard).toEqual([]);
  });

  it('drops the events of a savepoint that rolls back, and sends the rest of the transaction’s', async () => {
    const kept = placed();
    const dropped = placed();
    const released = placed();
    const productId = randomUUID();
    await publisher.dataSource.transaction(async (tx) => {
      publishAfterCommit(tx, [kept, stock(productId, 5)]);
      await expect(
        tx.transaction(async (inner) => {
          // The product's level that rolls back must not hide the one that stands.
          publishAfterCommit(inner, [dropped, stock(productId, 3)]);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx.transaction(async (inner) => publishAfterCommit(inner, [released]));
    });
    await settle();
    for (const instance of instances) expect(instance.heard).toEqual([kept, stock(productId, 5), released]);
  });

  it('sends a product’s last stock level of a transaction, and a burst larger than one NOTIFY whole', async () => {
    const productId = randomUUID();
    const burst = Array.from({ length: 300 }, (_, i) => stock(randomUUID(), i));
    await publisher.dataSource.transaction(async (tx) => {
      publishAfterCommit(tx, [stock(productId, 5)]);
      publishAfterCommit(tx, [stock(productId, 3), ...burst]);
    });
    await settle();
    for (const instance of instances) {
      expect(
        instance.heard.filter((event) => event.type === 'stock' && event.productId === productId),
      ).toEqual([stock(productId, 3)]);
      expect(instance.heard).toHaveLength(301);
    }
  });
});

describe.skipIf(embeddedTestDatabase)('the PostgreSQL transport', () => {
  it('sends the NOTIFY after COMMIT, from its own connection rather than the transaction’s', async () => {
    const instance = await startInstance(db.dataSource, new PostgresTransport(db.url, db.dataSource, log));
    const observer = new pg.Client({ connectionString: db.url });
    await observer.connect();
    const notified: { processId: number; payload?: string }[] = [];
    observer.on('notification', (message) => notified.push(message));
    await observer.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
    try {
      const event = placed();
      let transactionPid = 0;
      await db.dataSource.transaction(async (tx) => {
        [{ pid: transactionPid }] = await tx.query('SELECT pg_backend_pid() AS pid');
        publishAfterCommit(tx, [event]);
        await sleep(200);
        expect(notified).toEqual([]);
      });
      await expect.poll(() => notified.length, { timeout: 5000 }).toBe(1);
      expect(JSON.parse(notified[0]!.payload!)).toEqual([event]);
      expect(notified[0]!.processId).not.toBe(transactionPid);
      await expect.poll(() => instance.heard, { timeout: 5000 }).toEqual([event]);
    } finally {
      await observer.end();
      await instance.bus.close();
    }
  });
});
