/**
 * Edit versions (issue 15: no lost updates from staff). Every row that staff edit while others may
 * change it (a product, a user, a role) carries a `version`, raised by every write of a field a staff
 * form edits. A form sends back the version it loaded; when the row has moved on since, the write is
 * refused with 409 CONFLICT and `details: { reason, current }`, so the form can say what changed and
 * reload. Without `version` (a script, the spec's documented REST calls) the last write wins.
 *
 * Stock is not under the version (an order would otherwise make every open edit stale): a form that
 * changes stock sends `expectedStock`, the level it showed, and the write is refused when the level
 * moved (reason STOCK_CHANGED).
 */
import { z } from 'zod';

/** The column is a 32-bit integer starting at 1. */
export const EditVersion = z
  .number('version must be a whole number')
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .max(2_147_483_647, 'version is too large');

export const EDIT_CONFLICT_REASONS = ['STALE_VERSION', 'STOCK_CHANGED'] as const;
export type EditConflictReason = (typeof EDIT_CONFLICT_REASONS)[number];

/** The `details` of an edit refused as outdated: why, and the row as it is now (its DTO). */
export function EditConflictDetails<T extends z.ZodType>(current: T) {
  return z.object({ reason: z.enum(EDIT_CONFLICT_REASONS), current });
}
export interface EditConflictDetails<T> {
  reason: EditConflictReason;
  current: T;
}

/** The schema of a row's DTO (AdminProductDto, UserDto, RoleDto…), for reading a conflict's current row. */
export type DtoSchema<T> = z.ZodType<T>;

/** The conflict an error's `details` describe (read with the row's DTO schema), or null for any other error. */
export function readEditConflict<T>(details: unknown, current: DtoSchema<T>): EditConflictDetails<T> | null {
  const parsed = EditConflictDetails(current).safeParse(details);
  return parsed.success ? { reason: parsed.data.reason, current: parsed.data.current as T } : null;
}

export const EDIT_CONFLICT_MESSAGES = {
  stale: (what: string) =>
    `This ${what} was changed by someone else while you were editing it. Reload it to see the current values.`,
  stockChanged: (stock: number | string) => `Stock changed to ${stock} while you were editing.`,
  /** What a form says when its save was refused: which of its fields someone else changed. */
  changedWhileEditing: (what: string, labels: readonly string[]) =>
    labels.length
      ? `Someone else changed this ${what} while you were editing: ${labels.join(', ')}.`
      : `Someone else saved this ${what} while you were editing.`,
} as const;

/**
 * The labels of the fields whose values differ between what a form loaded and the row now, in the
 * order given: `[['price', 'Price'], ['name', 'Name']]` → `['Price']` when only the price moved.
 * Values are compared as JSON, so lists and nested objects compare by content.
 */
export function changedFieldLabels<T>(
  loaded: T,
  current: T,
  fields: readonly (readonly [keyof T, string])[],
): string[] {
  return fields
    .filter(([key]) => JSON.stringify(loaded[key] ?? null) !== JSON.stringify(current[key] ?? null))
    .map(([, label]) => label);
}
