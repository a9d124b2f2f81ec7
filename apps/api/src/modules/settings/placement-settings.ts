/**
 * The shop's settings as placing an order reads them: beside each locked product, in the same
 * round trip (THE PLACEMENT EXCEPTION, docs/architecture.md "Documented exceptions"). This module
 * owns `shop_settings`, so it builds this part of the statement; the catalogue's
 * `lockProductsForOrder` joins it. Defaults stand where the row is missing.
 */
import type { Substitution } from '@shop/schema';

/** The settings as placement reads them, beside each locked product (defaults without a row). */
export interface PlacementSettings {
  delivery_fee: string;
  free_delivery_threshold: string | null;
  tax_rate: string;
  tax_inclusive: boolean;
  minimum_order: string;
  currency: string;
  default_substitution: Substitution;
}

/** The columns and join that read PlacementSettings beside the products (`{ columns, join }`). */
export const PLACEMENT_SETTINGS_PART = {
  join: 'LEFT JOIN shop_settings s ON s.id = 1',
  columns: `
  COALESCE(s.delivery_fee, 0)::text AS delivery_fee, s.free_delivery_threshold::text AS free_delivery_threshold,
  COALESCE(s.tax_rate, 0)::text AS tax_rate, COALESCE(s.tax_inclusive, false) AS tax_inclusive,
  COALESCE(s.minimum_order, 0)::text AS minimum_order, COALESCE(s.currency, 'USD') AS currency,
  COALESCE(s.default_substitution, 'similar') AS default_substitution`,
} as const;
