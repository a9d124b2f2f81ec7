/**
 * Every amount on every screen in the shop's currency (issue 19 item 6): `formatMoney` without a
 * currency uses the one set here from the settings. The screens below are keyed on it, so the one
 * change it may make (once the settings arrive, for a shop not in USD) redraws every amount;
 * queries are cached, so nothing is fetched again.
 */
import { Fragment, type ReactNode } from 'react';
import { DEFAULT_SETTINGS, setDisplayCurrency } from '@shop/schema';
import { useShopSettings } from './use-shop-settings';
import { useShopName } from './shop-name';

export function ShopCurrency({ children }: { children: ReactNode }) {
  const currency = useShopSettings().data?.currency ?? DEFAULT_SETTINGS.currency;
  // The shop's name for the titles the screens below set (shop-name.ts); no redraw needed for it.
  useShopName();
  setDisplayCurrency(currency); // idempotent: the same value for every render of one currency
  return <Fragment key={currency}>{children}</Fragment>;
}
