/**
 * The demo delivery zone (docs/delivery-slots.md): "Local delivery" covers every postal code ('')
 * with four windows every day, 200 orders each, closing 2 hours before, at the shop's fee. Loaded
 * with the demo data by `pnpm start`, `pnpm db:seed` (the large seed too) and the e2e server, so
 * checkout offers slots out of the box.
 *
 * Not part of the api tests' template database: there delivery starts unslotted (no zone), as it
 * was before zones existed, and each test that needs zones makes its own.
 *
 * Idempotent: the zone is added only while no zone exists at all, so staff changes survive.
 */
import type { DataSource, EntityManager } from 'typeorm';

const WINDOWS = [
  ['09:00', '12:00'],
  ['12:00', '15:00'],
  ['15:00', '18:00'],
  ['18:00', '21:00'],
] as const;

export async function seedDeliveryZones(db: DataSource | EntityManager): Promise<{ zones: number }> {
  const [zone]: { id: string }[] = await db.query(
    `INSERT INTO delivery_zones (name, postal_prefixes)
     SELECT 'Local delivery', '{""}' WHERE NOT EXISTS (SELECT 1 FROM delivery_zones)
     RETURNING id`,
  );
  if (!zone) return { zones: 0 };
  const slots = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => WINDOWS.map(([start, end]) => ({ weekday, start, end })));
  await db.query(
    `INSERT INTO delivery_slot_templates (zone_id, weekday, start_time, end_time, capacity, cutoff_hours)
     SELECT $1, w, s::time, e::time, 200, 2 FROM unnest($2::int[], $3::text[], $4::text[]) AS t(w, s, e)`,
    [zone.id, slots.map((s) => s.weekday), slots.map((s) => s.start), slots.map((s) => s.end)],
  );
  return { zones: 1 };
}
