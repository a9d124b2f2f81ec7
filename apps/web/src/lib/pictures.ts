/**
 * Pictures on screen follow the one picture rule (packages/schema picture-rule.ts,
 * docs/architecture.md §4 "Pictures"): a stored address that fails it is never requested, the
 * screen shows its placeholder instead.
 *
 * The web cannot know the api's IMAGE_HOSTS, so here any https host passes: the product form's
 * check leaves the host to the api (which answers with the field message), and the CSP's img-src
 * keeps the browser from loading a host that is not listed.
 */
import { setPictureHosts, shownPictureUrl } from '@shop/schema';

setPictureHosts('any');

/** The address to load, or undefined when the picture must not be requested. */
export function pictureSrc(url: string | null | undefined): string | undefined {
  return shownPictureUrl(url) ?? undefined;
}
