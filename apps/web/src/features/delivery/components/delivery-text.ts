/**
 * How the delivery screens word a weekly slot and a zone's postal codes (docs/delivery-slots.md:
 * weekday 0 is Sunday; windows are UTC).
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
