/**
 * Prints the gzipped size of every chunk of the built SPA and fails (exit 1) when the storefront's
 * first load — the scripts index.html loads at once — exceeds its budget. Runs after `vite build`
 * in `pnpm --filter @shop/web e2e`, hence inside `pnpm test`.
 *
 *   tsx scripts/bundle-report.ts [distDir]      (default: WEB_DIST or ./dist)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET_BYTES, initialScripts } from '../src/bundle-budget';

const dist = process.argv[2] ?? process.env.WEB_DIST ?? 'dist';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const initial = new Set(initialScripts(readFileSync(join(dist, 'index.html'), 'utf8')));
const chunks = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const bytes = readFileSync(join(dist, 'assets', name));
    return { url: `/assets/${name}`, raw: bytes.length, gzip: gzipSync(bytes).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const firstLoad = chunks.filter((chunk) => initial.has(chunk.url));
const firstLoadBytes = firstLoad.reduce((sum, chunk) => sum + chunk.gzip, 0);

console.log(`Chunks of ${dist} (gzip), * = loaded on the first page:`);
for (const chunk of chunks) {
  const mark = initial.has(chunk.url) ? '*' : ' ';
  console.log(`${mark} ${kb(chunk.gzip).padStart(9)} ${kb(chunk.raw).padStart(10)} raw  ${chunk.url}`);
}
console.log(
  `First load: ${kb(firstLoadBytes)} gzipped in ${firstLoad.length} scripts; budget ${kb(FIRST_LOAD_BUDGET_BYTES)}.`,
);
if (firstLoad.length === 0) {
  console.error('No entry script found in index.html: is this a vite build?');
  process.exit(1);
}
if (firstLoadBytes > FIRST_LOAD_BUDGET_BYTES) {
  console.error(
    `Over budget by ${kb(firstLoadBytes - FIRST_LOAD_BUDGET_BYTES)}: split the new code out of the first page.`,
  );
  process.exit(1);
}
