/** The settings feature's face: the shop's settings as every screen reads them (money, totals, its name). */
export { useMoney, useOrderTotals, useShopSettings } from './use-shop-settings';
export { ShopCurrency } from './shop-currency';
export { useShopName } from './shop-name';
