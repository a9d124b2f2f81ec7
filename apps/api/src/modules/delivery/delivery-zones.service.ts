/**
 * Staff manage delivery zones and their weekly slot templates (docs/delivery-slots.md). Plain
 * functions, ctx first; a name used twice is CONFLICT, a missing row NOT_FOUND. Removing a zone
 * removes its templates and their slots' loads; orders keep the window they were placed for.
 */
import type { EntityManager } from 'typeorm';
import {
  normalizePostalCode,
  type DeliveryZoneDto,
  type DeliveryZoneInput,
  type SlotTemplateDto,
  type SlotTemplateInput,
  type UpdateSlotTemplateInput,
} from '@shop/schema';
import type { ServiceContext } from '../../context';
import { ConflictError, NotFoundError } from '../../errors';
import { isUniqueViolation } from '../../sql/pg-errors';
import { loadZones, TEMPLATE_COLUMNS } from './delivery-plan';
import type { TemplateRow } from './slot-calendar';

const toTemplateDto = (row: TemplateRow): SlotTemplateDto => ({
  id: row.id,
  zoneId: row.zone_id,
  weekday: row.weekday,
  start: row.start_time.slice(0, 5),
  end: row.end_time.slice(0, 5),
  capacity: row.capacity,
  cutoffHours: row.cutoff_hours,
  deliveryFee: row.delivery_fee === null ? null : Number(row.delivery_fee).toFixed(2),
});

/** Prefixes as matched: upper case, no spaces, each once. */
const prefixesOf = (input: DeliveryZoneInput) => [...new Set(input.postalPrefixes.map(normalizePostalCode))];

/** TypeORM answers UPDATE and DELETE … RETURNING as [rows, count], INSERT … RETURNING as the rows. */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];

const nameTaken = (name: string) => new ConflictError(`A delivery zone named "${name}" already exists`);

export async function listZones(ctx: ServiceContext): Promise<DeliveryZoneDto[]> {
  return (await loadZones(ctx.db)).map((zone) => ({
    id: zone.id,
    name: zone.name,
    postalPrefixes: zone.postalPrefixes,
    templates: zone.templates.map(toTemplateDto),
  }));
}

async function zoneById(db: EntityManager, id: string): Promise<DeliveryZoneDto> {
  const zone = (await listZones({ db } as ServiceContext)).find((z) => z.id === id);
  if (!zone) throw new NotFoundError('Delivery zone');
  return zone;
}

export async function createZone(ctx: ServiceContext, input: DeliveryZoneInput): Promise<DeliveryZoneDto> {
  try {
    const [row]: { id: string }[] = await ctx.db.query(
      `INSERT INTO delivery_zones (name, postal_prefixes) VALUES ($1, $2::text[]) RETURNING id`,
      [input.name, prefixesOf(input)],
    );
    return zoneById(ctx.db, row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function updateZone(
  ctx: ServiceContext,
  input: DeliveryZoneInput & { id: string },
): Promise<DeliveryZoneDto> {
  try {
    const rows = rowsOf(
      await ctx.db.query(
      `UPDATE delivery_zones SET name = $2, postal_prefixes = $3::text[], updated_at = now() WHERE id = $1 RETURNING id`,
      [input.id, input.name, prefixesOf(input)],
      ),
    );
    if (rows.length === 0) throw new NotFoundError('Delivery zone');
    return zoneById(ctx.db, input.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function deleteZone(ctx: ServiceContext, input: { id: string }): Promise<{ id: string }> {
  const rows = rowsOf(await ctx.db.query(`DELETE FROM delivery_zones WHERE id = $1 RETURNING id`, [input.id]));
  if (rows.length === 0) throw new NotFoundError('Delivery zone');
  return { id: input.id };
}

export async function createTemplate(ctx: ServiceContext, input: SlotTemplateInput): Promise<SlotTemplateDto> {
  const zones: unknown[] = await ctx.db.query(`SELECT 1 FROM delivery_zones WHERE id = $1`, [input.zoneId]);
  if (zones.length === 0) throw new NotFoundError('Delivery zone');
  const [row]: TemplateRow[] = await ctx.db.query(
    `INSERT INTO delivery_slot_templates AS t (zone_id, weekday, start_time, end_time, capacity, cutoff_hours, delivery_fee)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${TEMPLATE_COLUMNS}`,
    [input.zoneId, input.weekday, input.start, input.end, input.capacity, input.cutoffHours, input.deliveryFee],
  );
  return toTemplateDto(row!);
}

/** A template's change applies to its slots at once: a lower capacity makes a fuller slot full. */
export async function updateTemplate(
  ctx: ServiceContext,
  input: UpdateSlotTemplateInput,
): Promise<SlotTemplateDto> {
  const [row] = rowsOf<TemplateRow>(
    await ctx.db.query(
    `UPDATE delivery_slot_templates AS t SET weekday = $2, start_time = $3, end_time = $4, capacity = $5,
            cutoff_hours = $6, delivery_fee = $7
     WHERE id = $1 RETURNING ${TEMPLATE_COLUMNS}`,
    [input.id, input.weekday, input.start, input.end, input.capacity, input.cutoffHours, input.deliveryFee],
    ),
  );
  if (!row) throw new NotFoundError('Slot template');
  return toTemplateDto(row);
}

export async function deleteTemplate(ctx: ServiceContext, input: { id: string }): Promise<{ id: string }> {
  const rows = rowsOf(
    await ctx.db.query(`DELETE FROM delivery_slot_templates WHERE id = $1 RETURNING id`, [input.id]),
  );
  if (rows.length === 0) throw new NotFoundError('Slot template');
  return { id: input.id };
}
