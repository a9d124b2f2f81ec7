/**
 * How the Audit Log screen words an event (docs/product.md §2 Audit Log): who, what it was about, from
 * where, and what changed — each change as 'role: sales_manager → admin', each other fact as
 * 'reason: no_pending_sign_in'.
 */
import type { AuditEventDto } from '@shop/schema';

/** A value as one short piece of text: '—' for nothing, lists joined, yes/no for flags. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(formatAuditValue).join(', ') : 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** The facts read first, in this order; any others follow by name (the database keeps no key order). */
const FIRST_FACTS = ['status', 'permission', 'reason', 'message', 'route'];

function factOrder(key: string): number {
  const at = FIRST_FACTS.indexOf(key);
  return at < 0 ? FIRST_FACTS.length : at;
}

/** The lines of the 'What changed' column: the changes first, then the other facts. */
export function describeAuditDetails(details: Record<string, unknown>): string[] {
  const { changes, ...facts } = details;
  const lines: string[] = [];
  if (changes && typeof changes === 'object') {
    for (const [field, change] of Object.entries(changes as Record<string, unknown>)) {
      lines.push(
        isChange(change)
          ? `${field}: ${formatAuditValue(change.from)} → ${formatAuditValue(change.to)}`
          : `${field}: ${formatAuditValue(change)}`,
      );
    }
  }
  const keys = Object.keys(facts).sort((a, b) => factOrder(a) - factOrder(b) || a.localeCompare(b));
  for (const key of keys) lines.push(`${key}: ${formatAuditValue(facts[key])}`);
  return lines;
}

/** Who acted: their email then; the configuration for an ADMIN_EMAILS promotion; else nobody signed in. */
export function describeAuditActor(event: Pick<AuditEventDto, 'actor' | 'action'>): string {
  if (event.actor?.email) return event.actor.email;
  if (event.actor?.id) return event.actor.id;
  if (event.action === 'user.promoted_by_admin_emails') return 'ADMIN_EMAILS (configuration)';
  return 'Not signed in';
}

/** What the event was about: 'user: ada@example.com', 'procedure: users.list'. */
export function describeAuditTarget(target: AuditEventDto['target']): string {
  if (!target) return '—';
  return `${target.type}: ${target.label ?? target.id ?? '—'}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Mar 05, 2024 14:03:07' in local time. */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const month = date.toLocaleString('en-US', { month: 'short' });
  return (
    `${month} ${pad(date.getDate())}, ${date.getFullYear()} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/**
 * A date picked in a date input ('2024-03-05', local) as the filter's bounds: `from` is that day's
 * start, `to` the next day's (the page's `to` is exclusive, so the day itself is included).
 */
export function dayBounds(day: string, edge: 'from' | 'to'): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (edge === 'to' ? 1 : 0));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
