/**
 * 'settings.updated' (issue 32): a change of the shop settings (tax, fees, minimum order, name,
 * currency, substitution default) as the audit log keeps it: who, when, and the before and after of
 * the fields that changed. Written in the change's own transaction, like the other change events
 * (change-events.ts): a change that rolls back leaves no row.
 */
import type { ShopSettingsDto } from '@shop/schema';
import { changesBetween, recordAudit, type AuditContext, type Queryable } from './audit.service';

/** The fields an edit of the settings changes (`version` and `updatedAt` follow every edit). */
const SETTINGS_FIELDS = [
  'shopName',
  'currency',
  'deliveryFee',
  'freeDeliveryThreshold',
  'taxRate',
  'taxInclusive',
  'minimumOrder',
  'defaultSubstitution',
] as const satisfies readonly (keyof ShopSettingsDto)[];

/** Records what an edit changed (nothing when the save changed no field). */
export async function recordSettingsUpdated(
  db: Queryable,
  ctx: AuditContext,
  before: ShopSettingsDto,
  after: ShopSettingsDto,
): Promise<void> {
  const changes = changesBetween(before, after, SETTINGS_FIELDS);
  if (!Object.keys(changes).length) return;
  await recordAudit(db, ctx, {
    action: 'settings.updated',
    target: { type: 'settings', id: null, label: after.shopName },
    details: { changes, version: after.version },
  });
}
