/**
 * The shop's name as every screen shows it (issue 33 item 7): the header, the storefront's welcome
 * and the document titles say the name saved in Admin → Settings. Until the settings arrive, the
 * name the server wrote into the page (`<meta name="application-name">`, apps/api/src/http/spa.ts)
 * stands in, so a renamed shop is never drawn as "FreshCart" first; without either, SITE_NAME.
 */
import { SITE_NAME, setDisplayShopName } from '@shop/schema';
import { useShopSettings } from './use-shop-settings';

/** The meta element the api writes the shop's name into (apps/api/src/http/spa.ts SHOP_NAME_META). */
const SHOP_NAME_META = 'application-name';

function servedShopName(): string | null {
  if (typeof document === 'undefined') return null;
  return document.head.querySelector<HTMLMetaElement>(`meta[name="${SHOP_NAME_META}"]`)?.content || null;
}

/** The shop's name; also what titles drawn from now on end with (`documentTitle`). */
export function useShopName(): string {
  const name = useShopSettings().data?.shopName ?? servedShopName() ?? SITE_NAME;
  setDisplayShopName(name); // idempotent: the same value for every render of one name
  return name;
}
