/**
 * The delivery zones and their slot templates as placement and checkout read them, and the
 * slots' loads. No zone at all = delivery is not slotted (docs/delivery-slots.md).
 */
import type { EntityManager } from 'typeorm';
import { zoneForPostalCode } from '@shop/schema';
import { slotKey, type SlotLoad, type TemplateRow } from './slot-calendar';

export interface ZonePlan {
  id: string;
  name: string;
  postalPrefixes: string[];
  templates: TemplateRow[];
}

export const TEMPLATE_COLUMNS = `t.id, t.zone_id, t.weekday, to_char(t.start_time, 'HH24:MI') AS start_time,
  to_char(t.end_time, 'HH24:MI') AS end_time, t.capacity, t.cutoff_hours, t.delivery_fee::text AS delivery_fee`;

/** Every zone with its templates, in one round trip; an empty list when delivery is not slotted. */
export async function loadZones(db: EntityManager): Promise<ZonePlan[]> {
  const rows: { id: string; name: string; postal_prefixes: string[]; templates: TemplateRow[] }[] =
    await db.query(
      `SELECT z.id, z.name, z.postal_prefixes,
              COALESCE((SELECT json_agg(x ORDER BY x.weekday, x.start_time, x.id)
                        FROM (SELECT ${TEMPLATE_COLUMNS} FROM delivery_slot_templates t WHERE t.zone_id = z.id) x),
                       '[]') AS templates
       FROM delivery_zones z ORDER BY z.name`,
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    postalPrefixes: row.postal_prefixes,
    templates: row.templates.map((t) => ({
      ...t,
      delivery_fee: t.delivery_fee === null ? null : Number(t.delivery_fee).toFixed(2),
    })),
  }));
}

export const zoneFor = (zones: readonly ZonePlan[], postalCode: string | null) =>
  zoneForPostalCode(zones, postalCode);

/** The loads of these slots (rows that exist; the others have nothing booked and are open). */
export async function readLoads(
  db: EntityManager,
  refs: readonly { templateId: string; date: string }[],
  lock = false,
): Promise<Map<string, SlotLoad>> {
  if (refs.length === 0) return new Map();
  const rows: { template_id: string; slot_date: string; booked: number; blocked: boolean }[] = await db.query(
    `SELECT s.template_id, to_char(s.slot_date, 'YYYY-MM-DD') AS slot_date, s.booked, s.blocked
     FROM delivery_slots s
     JOIN unnest($1::uuid[], $2::date[]) AS r(template_id, slot_date)
       ON r.template_id = s.template_id AND r.slot_date = s.slot_date
     ORDER BY s.template_id, s.slot_date ${lock ? 'FOR UPDATE OF s' : ''}`,
    [refs.map((r) => r.templateId), refs.map((r) => r.date)],
  );
  return new Map(rows.map((row) => [slotKey(row.template_id, row.slot_date), row]));
}

/**
 * The rows of these slots, created when missing and locked in (template, date) order: what the
 * placements of a group then count on, as they count on the products' locked stock. Placement
 * locks the products first, then these: the same order as a cancellation, so they never deadlock.
 */
export async function lockLoads(
  tx: EntityManager,
  refs: readonly { templateId: string; date: string }[],
): Promise<Map<string, SlotLoad>> {
  if (refs.length === 0) return new Map();
  const sorted = [...refs].sort((a, b) =>
    a.templateId === b.templateId ? (a.date < b.date ? -1 : 1) : a.templateId < b.templateId ? -1 : 1,
  );
  await tx.query(
    `INSERT INTO delivery_slots (template_id, slot_date)
     SELECT * FROM unnest($1::uuid[], $2::date[]) ON CONFLICT (template_id, slot_date) DO NOTHING`,
    [sorted.map((r) => r.templateId), sorted.map((r) => r.date)],
  );
  return readLoads(tx, sorted, true);
}
