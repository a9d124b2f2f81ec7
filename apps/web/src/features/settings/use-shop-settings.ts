/**
 * The shop's settings as the storefront uses them (issue 19 item 6): the currency every amount is
 * shown in, and the delivery fee and tax the cart and checkout add — the same `orderTotals` the
 * server applies when the order is placed. Until the settings arrive, the defaults (the spec's:
 * delivery free, no tax, USD) stand in.
 */
import { useCallback } from 'react';
import {
  DEFAULT_SETTINGS,
  centsToDecimal,
  formatMoney,
  orderTotals,
  type ShopSettingsDto,
} from '@shop/schema';
import { trpc } from '../../lib/trpc';

export function useShopSettings() {
  return trpc.settings.get.useQuery(undefined, { staleTime: 60_000 });
}

type Settings = Omit<ShopSettingsDto, 'version' | 'updatedAt'>;

/** Formats money in the shop currency: `money('12.5')` → '$12.50' (or '€12.50'). */
export function useMoney() {
  const settings = useShopSettings().data;
  const currency = settings?.currency ?? DEFAULT_SETTINGS.currency;
  return useCallback((value: string | number) => formatMoney(value, currency), [currency]);
}

/**
 * The cart's subtotal with the delivery fee, tax and total the server will charge; `deliveryFee`
 * is the chosen delivery slot's own fee, which overrides the shop's (docs/delivery-slots.md).
 */
export function useOrderTotals(subtotalCents: number, deliveryFee: string | null = null) {
  const query = useShopSettings();
  const shop: Settings = query.data ?? DEFAULT_SETTINGS;
  const settings: Settings = deliveryFee === null ? shop : { ...shop, deliveryFee };
  const totals = orderTotals(subtotalCents, settings);
  const money = (cents: number) => formatMoney(centsToDecimal(cents), settings.currency);
  return { ...totals, settings, money };
}
