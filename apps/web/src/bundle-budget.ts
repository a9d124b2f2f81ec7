/**
 * The storefront's first-load budget (issue 8): the JavaScript a shopper's browser fetches before
 * the first page can render — the entry script and every chunk index.html preloads — at most
 * 200 KB gzipped. Everything else (checkout, account, admin) is split out and loads on demand.
 */
export const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

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
