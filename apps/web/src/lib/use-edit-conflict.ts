/**
 * An edit form's defence against lost updates (issue 15, @shop/schema's edit-version.ts): the form
 * keeps the row it is based on (`baseline`: its version goes with the save). When the save is refused
 * as outdated (409 with `details: { reason, current }`), `conflict` holds the row as it is now, the
 * form shows what changed, and `reload()` makes that row the new baseline, so nothing stale is kept.
 */
import { useCallback, useState } from 'react';
import { readEditConflict, type DtoSchema, type EditConflictDetails } from '@shop/schema';
import { errorData } from './errors';

export function useEditConflict<T>(loaded: T, current: DtoSchema<NonNullable<T>>) {
  const [baseline, setBaseline] = useState<T>(loaded);
  const [conflict, setConflict] = useState<EditConflictDetails<NonNullable<T>> | null>(null);

  /** Reads a failed save: true (and `conflict` set) when it was refused as outdated. */
  const catchConflict = useCallback(
    (error: unknown) => {
      const found = readEditConflict(errorData(error).details, current);
      setConflict(found);
      return found !== null;
    },
    [current],
  );

  /** Takes the current row as the new baseline; answers it, for the form to show its values. */
  const reload = useCallback((): NonNullable<T> | null => {
    if (!conflict) return null;
    setBaseline(conflict.current);
    setConflict(null);
    return conflict.current;
  }, [conflict]);

  return { baseline, conflict, catchConflict, reload, setBaseline };
}
