/**
 * What a PostgreSQL refusal was, read from its SQLSTATE. Both database modes answer with the same
 * code here: production runs PostgreSQL 15+, and the embedded database is PostgreSQL 18, which
 * reports some refusals with other codes than 15–17 did (docs/database-modes.md).
 */

/** The SQLSTATE of a database error (TypeORM's QueryFailedError or the driver's own), if any. */
export function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The row is still referenced: a delete (or key update) refused by a foreign key. PostgreSQL 18
 * reports an `ON DELETE RESTRICT` refusal as 23001 restrict_violation; 15–17 report it, like every
 * other foreign key refusal, as 23503 foreign_key_violation.
 */
export function isStillReferenced(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '23503' || code === '23001';
}

/** A unique constraint refused the write (23505); with `constraint`, only that one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlStateOf(error) !== '23505') return false;
  if (!constraint) return true;
  const e = error as { constraint?: unknown; driverError?: { constraint?: unknown } };
  return (e.driverError?.constraint ?? e.constraint) === constraint;
}
