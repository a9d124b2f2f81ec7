/**
 * Settings: the shop's settings (`shop_settings`). Placement reads them beside its locked products
 * in one round trip (placement-settings.ts: the placement exception, docs/architecture.md); the
 * catalogue's product pages read the currency their price is shown in (readSettings).
 */
export { readSettings } from './settings.service';
export { PLACEMENT_SETTINGS_PART } from './placement-settings';
export type { PlacementSettings } from './placement-settings';
