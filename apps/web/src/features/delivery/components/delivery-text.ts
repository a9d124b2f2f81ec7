/**
 * How the delivery screens word a weekly slot, and where a refusal's problems go on a form
 * (docs/delivery-slots.md: weekday 0 is Sunday; windows are UTC).
 */
import type { SlotTemplateDto } from '@shop/schema';

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The week as staff read it: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** 'Monday 09:00–12:00'. */
export const templateLabel = (template: Pick<SlotTemplateDto, 'weekday' | 'start' | 'end'>) =>
  `${WEEKDAY_NAMES[template.weekday]} ${template.start}–${template.end}`;

/** How a zone's prefixes read: 'every postal code' for '', else '627…, 628…'. */
export function prefixesLabel(prefixes: readonly string[]): string {
  return prefixes.map((prefix) => (prefix === '' ? 'every postal code' : `${prefix}…`)).join(', ');
}

/**
 * The first message per form field, from zod's issues or the server's `issues`
 * (`postalPrefixes.2` → `postalPrefixes`), renamed by `fieldOf` where the form calls it otherwise.
 */
export function fieldErrors(
  issues: readonly { path: string | PropertyKey[]; message: string }[],
  fieldOf: (key: string) => string = (key) => key,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : issue.path.split('.')[0]!;
    const field = key && fieldOf(key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
