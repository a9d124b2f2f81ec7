/**
 * Prints the compressed size (brotli, as browsers receive it, and gzip) of every chunk of the built
 * SPA and fails (exit 1) when the storefront's first load — the scripts index.html loads at once —
 * exceeds its brotli budget. Runs after `vite build`
 * in `pnpm --filter @shop/web e2e`, hence inside `pnpm test`.
 *
 *   tsx scripts/bundle-report.ts [distDir]      (default: WEB_DIST or ./dist)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET_BYTES, initialScripts } from '../src/bundle-budget';

const dist = process.argv[2] ?? process.env.WEB_DIST ?? 'dist';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const initial = new Set(initialScripts(readFileSync(join(dist, 'index.html'), 'utf8')));
const chunks = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const bytes = readFileSync(join(dist, 'assets', name));
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return { url: `/assets/${name}`, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli };
  })
  .sort((a, b) => b.brotli - a.brotli);

const firstLoad = chunks.filter((chunk) => initial.has(chunk.url));
const firstLoadBytes = firstLoad.reduce((sum, chunk) => sum + chunk.brotli, 0);
const firstLoadGzip = firstLoad.reduce((sum, chunk) => sum + chunk.gzip, 0);

console.log(`Chunks of ${dist} (brotli, gzip, raw), * = loaded on the first page:`);
for (const chunk of chunks) {
  const mark = initial.has(chunk.url) ? '*' : ' ';
  const sizes = [chunk.brotli, chunk.gzip, chunk.raw].map((bytes) => kb(bytes).padStart(9)).join(' ');
  console.log(`${mark} ${sizes}  ${chunk.url}`);
}
console.log(
  `First load: ${kb(firstLoadBytes)} brotli (${kb(firstLoadGzip)} gzip) in ${firstLoad.length} scripts; budget ${kb(FIRST_LOAD_BUDGET_BYTES)} brotli.`,
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
