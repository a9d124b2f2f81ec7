/**
 * The first message per form field, from zod's issues or the server's `issues` (`postalPrefixes.2`
 * → `postalPrefixes`), renamed by `fieldOf` where the form calls the field otherwise. Every staff
 * form shows its errors through this one reading.
 */
export function fieldErrors<Field extends string = string>(
  issues: readonly { path: string | PropertyKey[]; message: string }[],
  fieldOf: (key: string) => string = (key) => key,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : issue.path.split('.')[0]!;
    const field = key && fieldOf(key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
