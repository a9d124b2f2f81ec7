/**
 * Group commit of order placements (issue 18, docs/benchmarks.md "Orders").
 *
 * Every order on the shop's hot products must lock their rows and hold the locks through its
 * COMMIT's WAL flush: one order per flush bounds a process at 1 / (statements + flush) orders a
 * second. So the placements that arrive while a transaction is running wait here, and the next
 * transaction places up to `maxBatch` of them together: one BEGIN, one lock statement, one COMMIT
 * and one WAL flush for all of them. Each is still checked and refused on its own (the work given
 * to the group decides each one's outcome: orders/workflows/place-order.ts writes the orders that passed in one
 * statement, or one at a time under a SAVEPOINT each when that statement fails), and each
 * caller hears its own outcome only after the COMMIT, so nothing is answered that could still be
 * rolled back.
 *
 * No added wait: when nothing is running, a placement starts a transaction at once, alone. One
 * transaction at a time per DataSource (each api process, each test app): the next group forms
 * while the current one is in PostgreSQL, and on the same few hot rows a second transaction would
 * only wait on the first one's locks.
 *
 * When the transaction as a whole fails (the lock statement lost a deadlock, a serialization
 * failure, the connection dropped, the COMMIT failed) no order of the group was placed. A deadlock
 * or a serialization failure is PostgreSQL asking for a retry: the whole group runs again, up to
 * `retries` times. Anything else (a lost connection: whether a COMMIT happened is unknown) is every
 * caller's answer, the same error a lone placement gets.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { isRetryableTransactionError } from '../../sql/transaction-retry';

/** One member's outcome inside the group's transaction. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Places a group in the open transaction `tx`: one outcome per request, in the same order. */
export type PlaceGroup<Req, Res> = (tx: EntityManager, requests: readonly Req[]) => Promise<Outcome<Res>[]>;

export interface GroupCommitOptions {
  /** The most requests one transaction takes (bounds the time the rows stay locked). */
  maxBatch: number;
  /** Times a whole group runs again after PostgreSQL broke a deadlock or a serialization conflict. */
  retries: number;
}

interface Waiting<Req, Res> {
  request: Req;
  resolve: (value: Res) => void;
  reject: (error: unknown) => void;
}

/** Thrown inside the transaction to roll it back when no member of the group was placed. */
class NothingPlaced<Res> extends Error {
  constructor(readonly outcomes: Outcome<Res>[]) {
    super('No member of the group was placed');
  }
}

export class GroupCommit<Req, Res> {
  private readonly waiting: Waiting<Req, Res>[] = [];
  private running = false;
  /** Sizes of the groups committed so far (tests, diagnostics); the last 1,000. */
  readonly groupSizes: number[] = [];
  /** Times a whole group ran again after a deadlock or serialization failure (tests, diagnostics). */
  retriedGroups = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly placeGroup: PlaceGroup<Req, Res>,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Places `request` with whatever else is waiting; settles with its own outcome after the COMMIT. */
  submit(request: Req): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** Requests waiting for the next transaction. */
  get queued(): number {
    return this.waiting.length;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, this.options.maxBatch);
        await this.runGroup(group);
      }
    } finally {
      this.running = false;
    }
  }

  private async runGroup(group: Waiting<Req, Res>[]): Promise<void> {
    const requests = group.map((member) => member.request);
    for (let attempt = 0; ; attempt++) {
      let outcomes: Outcome<Res>[];
      try {
        outcomes = await this.dataSource.manager.transaction(async (tx) => {
          const placed = await this.placeGroup(tx, requests);
          // Every member refused: roll back (the row locks), as a refused lone placement always did.
          if (!placed.some((outcome) => outcome.ok)) throw new NothingPlaced(placed);
          return placed;
        });
      } catch (error) {
        if (error instanceof NothingPlaced) {
          group.forEach((member, i) =>
            member.reject(error.outcomes[i]?.ok === false ? error.outcomes[i].error : error),
          );
          return;
        }
        if (isRetryableTransactionError(error) && attempt < this.options.retries) {
          this.retriedGroups++;
          continue;
        }
        for (const member of group) member.reject(error);
        return;
      }
      this.groupSizes.push(group.length);
      if (this.groupSizes.length > 1000) this.groupSizes.splice(0, this.groupSizes.length - 1000);
      group.forEach((member, i) => {
        const outcome = outcomes[i];
        if (!outcome) member.reject(new Error('The placement group gave no outcome for this request'));
        else if (outcome.ok) member.resolve(outcome.value);
        else member.reject(outcome.error);
      });
      return;
    }
  }
}

/**
 * One GroupCommit per DataSource and kind of work: the transaction runs on the DataSource the
 * caller's request belongs to (two api instances in one test process have two).
 */
export function groupCommitPerDataSource<Req, Res>(
  placeGroup: PlaceGroup<Req, Res>,
  options: GroupCommitOptions,
): (dataSource: DataSource) => GroupCommit<Req, Res> {
  const groups = new WeakMap<DataSource, GroupCommit<Req, Res>>();
  return (dataSource) => {
    let group = groups.get(dataSource);
    if (!group) {
      group = new GroupCommit(dataSource, placeGroup, options);
      groups.set(dataSource, group);
    }
    return group;
  };
}
