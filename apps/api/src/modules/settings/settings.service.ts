/**
 * The shop's settings (issue 19 item 6): read by everyone (the cart and checkout show the fee and
 * tax they make), changed by admins (`settings:update`). One row; an edit is versioned: the row is
 * locked, an edit based on an older version is refused (409 STALE_VERSION, with the settings as
 * they are now), so two admins saving at once never silently undo each other.
 *
 * Every change is in the audit log ('settings.updated', before → after of the changed fields).
 *
 * Orders read the settings inside their own placement (orders/workflows/place-order.ts), so a change applies to
 * the next order and never to one already placed (each order stores its fee and tax).
 */
import type { EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS, type ShopSettingsDto, type UpdateShopSettings } from '@shop/schema';
import type { ServiceContext } from '../../context';
import { assertEditVersion } from '../../edit-version';
import { recordSettingsUpdated } from '../audit';

interface SettingsRow {
  shop_name: string;
  currency: string;
  delivery_fee: string;
  free_delivery_threshold: string | null;
  tax_rate: string;
  tax_inclusive: boolean;
  minimum_order: string;
  default_substitution: 'similar' | 'none';
  version: number;
  updated_at: Date;
}

const SELECT_SETTINGS = `
  SELECT shop_name, currency, delivery_fee, free_delivery_threshold, tax_rate, tax_inclusive,
         minimum_order, default_substitution, version, updated_at
  FROM shop_settings WHERE id = 1`;

function toDto(row: SettingsRow | undefined): ShopSettingsDto {
  if (!row) return { ...DEFAULT_SETTINGS, version: 1, updatedAt: new Date(0).toISOString() };
  return {
    shopName: row.shop_name,
    currency: row.currency as ShopSettingsDto['currency'],
    deliveryFee: row.delivery_fee,
    freeDeliveryThreshold: row.free_delivery_threshold,
    taxRate: row.tax_rate,
    taxInclusive: row.tax_inclusive,
    minimumOrder: row.minimum_order,
    defaultSubstitution: row.default_substitution,
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function readSettings(db: EntityManager): Promise<ShopSettingsDto> {
  const [row]: SettingsRow[] = await db.query(SELECT_SETTINGS);
  return toDto(row);
}

export async function getSettings(ctx: ServiceContext): Promise<ShopSettingsDto> {
  return readSettings(ctx.db);
}

export async function updateSettings(
  ctx: ServiceContext,
  input: UpdateShopSettings,
): Promise<ShopSettingsDto> {
  return ctx.db.transaction(async (tx) => {
    // The row exists from the migration on; recreated with the defaults if someone removed it.
    await tx.query(`INSERT INTO shop_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
    const [row]: SettingsRow[] = await tx.query(`${SELECT_SETTINGS} FOR UPDATE`);
    await assertEditVersion('settings', row!, input.version, () => readSettings(tx));
    const before = toDto(row);
    await tx.query(
      `UPDATE shop_settings
       SET shop_name = $1, currency = $2, delivery_fee = $3, free_delivery_threshold = $4, tax_rate = $5,
           tax_inclusive = $6, minimum_order = $7, updated_by = $8,
           default_substitution = COALESCE($9, default_substitution), version = version + 1, updated_at = now()
       WHERE id = 1`,
      [
        input.shopName,
        input.currency,
        input.deliveryFee,
        input.freeDeliveryThreshold,
        input.taxRate,
        input.taxInclusive,
        input.minimumOrder,
        ctx.user?.id ?? null,
        input.defaultSubstitution ?? null,
      ],
    );
    const after = await readSettings(tx);
    // Who changed tax, fees or the minimum order, when, and from what: in the same transaction.
    await recordSettingsUpdated(tx, ctx, before, after);
    return after;
  });
}
