/**
 * `pnpm build` for the api: compiles src/main.ts (the server) and src/migrate.ts (a deployment's
 * one-shot migrate step) to plain JavaScript in dist/, so production runs `node dist/main.js` with
 * no TypeScript at run time.
 *
 * - The workspace packages (@shop/db, @shop/schema) are TypeScript source: they are compiled into
 *   the bundle. Every other package stays an ordinary `import` resolved from node_modules at run
 *   time, and each of them must be one of the api's own dependencies (pnpm is strict, and
 *   `pnpm deploy --prod` installs exactly those): the build fails when one is not.
 * - Decorators (TypeORM entities) follow each package's tsconfig (experimentalDecorators);
 *   keepNames keeps class names, which TypeORM and the logs show.
 * - Each entry is one self-contained file directly in dist/ (no shared chunks), at the same depth
 *   as src/*.ts: code that finds files from `import.meta.url` (env.ts's repository root) finds
 *   the same ones from dist/. The OpenAPI docs page's files are copied beside the bundle.
 */
import { builtinModules } from 'node:module';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const API_DIR = fileURLToPath(new URL('../', import.meta.url));
const DIST = `${API_DIR}dist`;
const pkg = JSON.parse(readFileSync(`${API_DIR}package.json`, 'utf8')) as {
  dependencies: Record<string, string>;
};
const runtimeDependencies = new Set(Object.keys(pkg.dependencies));
const builtins = new Set(builtinModules);

/** The npm package a bare import names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Workspace packages go into the bundle; every other package is imported at run time. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(esbuild) {
    const missing = new Set<string>();
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
      const name = packageOf(args.path);
      if (name.startsWith('@shop/')) return undefined; // compiled in
      if (!runtimeDependencies.has(name)) missing.add(`${name} (imported by ${args.importer})`);
      return { external: true };
    });
    esbuild.onEnd((result) => {
      if (missing.size === 0) return;
      result.errors.push({
        id: 'missing-dependency',
        pluginName: 'external-packages',
        text:
          `imported at run time but not in apps/api/package.json "dependencies":\n  ` +
          [...missing].join('\n  '),
        location: null,
        notes: [],
        detail: undefined,
      });
    });
  },
};

rmSync(DIST, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: API_DIR,
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  keepNames: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
cpSync(`${API_DIR}src/openapi/docs-page`, `${DIST}/docs-page`, { recursive: true });
console.log(`api: dist/main.js and dist/migrate.js in ${Date.now() - started} ms`);
