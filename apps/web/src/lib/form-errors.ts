/** The first message per top-level field, from zod issues or the server's `issues`. */
export function fieldErrors(
  issues: readonly { path: string | PropertyKey[]; message: string }[],
): Record<string, string | undefined> {
  const errors: Record<string, string | undefined> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : issue.path.split('.')[0]!;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
