/**
 * How many order placements one api process sends to PostgreSQL at once (issue 18).
 *
 * Every order locks the rows of the products it takes, and a busy shop's orders take the same few
 * products: the placements then wait on each other's row locks in PostgreSQL anyway, one after the
 * other, each holding its locks through its commit's WAL flush. Measured with pgbench on the bench
 * data (the statement of place-order.sql.ts, two of the five hot products per order,
 * docs/benchmarks.md): with a fast disk (WAL flush ~1 ms) 1 client ~725 orders/s, 4 ~510, 50
 * ~200–250 — every extra waiter costs PostgreSQL lock-queue work (wake-ups, re-checks of the newer
 * row version) on the same two cores; with a slow disk (flush ~10 ms) 1 client ~85–115, 4 ~175–235,
 * 50 ~155, where a few commits sharing a flush help. So placements queue here, in arrival order,
 * and at most PLACEMENT_CONCURRENCY of them are in PostgreSQL at a time; the rest of each request
 * (session, validation, the answer) still runs concurrently. Each api instance has its own gate.
 */

/** Placements in PostgreSQL at once, per api process. */
export const PLACEMENT_CONCURRENCY = 4;

export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Runs `work` when fewer than `limit` others are running; in arrival order. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (running stays the same), or frees up.
      if (next) next();
      else this.running--;
    }
  }

  /** Placements waiting for a slot (tests). */
  get queued(): number {
    return this.waiting.length;
  }
}

/** This process's gate for order placements. */
export const placementGate = new Gate(PLACEMENT_CONCURRENCY);
