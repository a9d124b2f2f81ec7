/**
 * The lost-update rules (issue 15; the contract is @shop/schema's edit-version.ts), in one place for
 * every service that writes a row staff edit while others may change it (products, users, roles).
 *
 * A check runs inside the write's transaction, after the row was locked (FOR UPDATE): two edits based
 * on the same version then queue on the lock, the first raises the version, and the second finds it
 * raised and is refused — whatever the timing. A refusal rolls the transaction back: nothing written.
 */
import { EDIT_CONFLICT_MESSAGES, type EditConflictReason } from '@shop/schema';
import { ConflictError } from './errors';

/**
 * The SET item of every hand-written UPDATE that changes a field a staff form edits:
 * `version = version + 1`, or, with `when` (an SQL condition), only for the rows where it holds;
 * `table` qualifies the current value (an INSERT … ON CONFLICT DO UPDATE). TypeORM's own UPDATEs of
 * these entities add it by themselves (packages/db's EditVersion column). Stock moved by orders,
 * cancellations or imports does not raise it: an order would otherwise make every open edit of the
 * product stale; stock has its own check (`assertExpectedStock`).
 */
export function bumpEditVersion(options: { when?: string; table?: string } = {}): string {
  const current = options.table ? `${options.table}.version` : 'version';
  return options.when
    ? `version = ${current} + CASE WHEN ${options.when} THEN 1 ELSE 0 END`
    : `version = ${current} + 1`;
}

/** An edit based on an outdated copy: 409 with why and the row as it is now, so the form can say what changed. */
export class EditConflictError extends ConflictError {
  constructor(message: string, reason: EditConflictReason, current: unknown) {
    super(message, { reason, current });
  }
}

/**
 * Refuses an edit based on a version older than the locked `row`'s (`what`: 'product', 'user',
 * 'role'), answering the current values that `readCurrent` reads. Without `expected` (a script,
 * the spec's documented REST calls) the last write wins, as before versions existed.
 */
export async function assertEditVersion(
  what: string,
  row: { version: number },
  expected: number | undefined,
  readCurrent: () => Promise<unknown>,
): Promise<void> {
  if (expected === undefined || expected === row.version) return;
  throw new EditConflictError(EDIT_CONFLICT_MESSAGES.stale(what), 'STALE_VERSION', await readCurrent());
}

/**
 * Refuses a new stock level set from a level that is no longer the locked `row`'s (an order took
 * some, or someone else set it, since the form loaded it). Without `expected` the level is set as
 * sent (older callers).
 */
export async function assertExpectedStock(
  row: { stock: number },
  expected: number | undefined,
  readCurrent: () => Promise<unknown>,
): Promise<void> {
  if (expected === undefined || expected === row.stock) return;
  throw new EditConflictError(
    EDIT_CONFLICT_MESSAGES.stockChanged(row.stock),
    'STOCK_CHANGED',
    await readCurrent(),
  );
}
