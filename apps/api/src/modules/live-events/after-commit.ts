/**
 * Live events leave only after their transaction has committed (issue 15). A service queues them
 * on its transaction (`publishAfterCommit(tx, …)`); a TypeORM transaction subscriber, installed on
 * the DataSource by the live event bus, hands them to the bus once COMMIT has succeeded and drops
 * them on ROLLBACK. So nobody hears of a change that did not happen, and no NOTIFY runs inside the
 * transaction: a NOTIFY there would take PostgreSQL's database-wide notify lock at COMMIT and line
 * every order commit up behind it.
 *
 * Savepoints (a nested `transaction()`): events queued under a savepoint that rolls back are
 * dropped; under one that is released they wait for the outer COMMIT.
 */
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';
import type { LiveEvent } from '@shop/schema';

interface Queued {
  /** The transaction depth (1 = the transaction itself, 2+ = savepoints) the event was queued at. */
  depth: number;
  event: LiveEvent;
}

export type Publish = (events: LiveEvent[]) => void;

/** Events waiting for their transaction, per query runner (one per transaction). */
const pending = new WeakMap<QueryRunner, Queued[]>();
/** Where each DataSource's committed events go: its live event bus. */
const publishers = new WeakMap<DataSource, Publish>();

/**
 * How deep the runner's transaction is: 1 inside the transaction, 2+ inside savepoints. TypeORM
 * keeps it (protected) on every query runner and has no public accessor.
 */
const depthOf = (runner: QueryRunner): number =>
  (runner as unknown as { transactionDepth: number }).transactionDepth;

/**
 * A product's last stock level only: of several stock events for one product, the latest stands in
 * for the others (in its own place). Linear, for imports of thousands of rows.
 */
export function latestStockOnly(events: readonly LiveEvent[]): LiveEvent[] {
  const seen = new Set<string>();
  const kept: LiveEvent[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type === 'stock') {
      if (seen.has(event.productId)) continue;
      seen.add(event.productId);
    }
    kept.push(event);
  }
  return kept.reverse();
}

/**
 * Announces `events` once the transaction `db` belongs to commits (never, if it rolls back).
 * Outside a transaction the statement that made the change has committed already: they go now.
 * With no bus on the DataSource (a script, a service test), they go nowhere.
 */
export function publishAfterCommit(db: EntityManager, events: readonly LiveEvent[]): void {
  if (events.length === 0) return;
  const runner = db.queryRunner;
  if (!runner?.isTransactionActive) {
    publishers.get(db.dataSource)?.([...events]);
    return;
  }
  const queue = pending.get(runner) ?? [];
  for (const event of events) queue.push({ depth: depthOf(runner), event });
  pending.set(runner, queue);
}

class AfterCommitSubscriber implements EntitySubscriberInterface {
  constructor(private readonly publish: Publish) {}

  /** A new transaction on a reused runner starts clean (a lost connection may have skipped the rollback). */
  afterTransactionStart({ queryRunner }: TransactionStartEvent): void {
    if (depthOf(queryRunner) === 1) pending.delete(queryRunner);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    const queue = pending.get(queryRunner);
    if (!queue) return;
    if (queryRunner.isTransactionActive) {
      // A savepoint was released: its events now wait on the enclosing level.
      for (const queued of queue) queued.depth = Math.min(queued.depth, depthOf(queryRunner));
      return;
    }
    pending.delete(queryRunner);
    // Not awaited: the request that committed does not wait for the announcement.
    this.publish(latestStockOnly(queue.map((queued) => queued.event)));
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    const queue = pending.get(queryRunner);
    if (!queue) return;
    const kept = queryRunner.isTransactionActive
      ? queue.filter((queued) => queued.depth <= depthOf(queryRunner))
      : [];
    if (kept.length > 0) pending.set(queryRunner, kept);
    else pending.delete(queryRunner);
  }
}

/**
 * Sends `dataSource`'s committed events to `publish` (the bus does this when it starts); returns
 * the function that stops it. One bus per DataSource: a second would take the first one's events.
 */
export function installAfterCommitPublishing(dataSource: DataSource, publish: Publish): () => void {
  if (publishers.has(dataSource)) throw new Error('This DataSource already has a live event bus');
  const subscriber = new AfterCommitSubscriber(publish);
  publishers.set(dataSource, publish);
  dataSource.subscribers.push(subscriber);
  return () => {
    publishers.delete(dataSource);
    const at = dataSource.subscribers.indexOf(subscriber);
    if (at !== -1) dataSource.subscribers.splice(at, 1);
  };
}
