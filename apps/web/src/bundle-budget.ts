/**
 * The storefront's first-load budget: the JavaScript a shopper's browser fetches before the first
 * page can render — the entry script and every chunk index.html preloads — at most 150 KB as the
 * browser receives it, brotli-compressed (every current browser accepts brotli, and the api sends
 * the build's .br files; docs/benchmarks.md, "The storefront's first load"). Everything else
 * (the other screens' layout, checkout, account, admin, the toasts) is split out and loads on demand.
 */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

/** The scripts the built index.html loads at once: its scripts and its modulepreload links. */
export function initialScripts(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const urls = tags.flatMap((tag) => {
    const isEntry = /^<script\b/.test(tag); // the module entry, and classic scripts such as registerSW.js
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    return (isEntry || isPreload) && url ? [url] : [];
  });
  return [...new Set(urls)];
}
