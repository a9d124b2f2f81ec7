/**
 * What every screen shares before its own layout (docs/accessibility.md, "Navigation"): a skip
 * link to the main content, the document title of the screen shown ("Checkout · FreshCart", the
 * shop's name as Admin → Settings saves it: features/settings/shop-name.ts), the
 * canonical link of a page crawlers index (the api writes it into the first page; this keeps it
 * right after navigations inside the app), and
 * focus moved to the new screen's heading after a navigation inside the app, so a screen reader
 * announces where the visitor arrived and the keyboard starts from there.
 */
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { NOT_FOUND_TITLE, canonicalPath, documentTitle, findSiteRoute } from '@shop/schema';
import { MAIN_ID } from '../lib/landmarks';
import { useShopName } from '../features/settings';

const HEADING_WAIT_MS = 5000;

export function SiteRoot() {
  const { pathname, search } = useLocation();
  useDocumentTitle(pathname, useShopName());
  useCanonicalLink(pathname, search);
  useFocusHeadingOnNavigation(pathname);
  return (
    <>
      <a href={`#${MAIN_ID}`} className="skip-link">
        Skip to main content
      </a>
      <Outlet />
    </>
  );
}

function useDocumentTitle(pathname: string, shopName: string) {
  useEffect(() => {
    document.title = documentTitle(findSiteRoute(pathname)?.title ?? NOT_FOUND_TITLE, shopName);
  }, [pathname, shopName]);
}

function useCanonicalLink(pathname: string, search: string) {
  useEffect(() => {
    const path = canonicalPath(pathname, search);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!path) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    // The page the server sent names the shop's public origin (PUBLIC_URL): keep it.
    const origin = link.href ? new URL(link.href).origin : window.location.origin;
    link.href = origin + path;
  }, [pathname, search]);
}

/**
 * After a navigation (not the first page load, where the browser starts at the top), focus the
 * new screen's `<h1>` once it is rendered (lazy screens arrive later), unless the visitor has moved
 * focus meanwhile.
 */
function useFocusHeadingOnNavigation(pathname: string) {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const focusedAtNavigation = document.activeElement;
    const untouched = () =>
      document.activeElement === focusedAtNavigation || document.activeElement === document.body;
    const tryFocus = () => {
      const heading = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`);
      if (!heading) return false;
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
      }
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
