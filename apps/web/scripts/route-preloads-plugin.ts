/**
 * A vite build plugin: writes `route-preloads.json` beside index.html, `{ "<route path>": [asset
 * URLs] }`, the chunks (and their styles) each screen's first render needs beyond what index.html
 * already loads (src/app/route-modules.ts says why and which).
 */
import { relative } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// The file's contract with the api, from the route table (the package's index is not loadable by
// vite's config loader: its imports name no file extensions).
import { ANY_OTHER_ROUTE, ROUTE_PRELOADS_FILE } from '../../../packages/schema/src/site-routes.ts';
import { LAYOUT_MODULE, SCREEN_MODULES } from '../src/app/route-modules.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;


export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byModule = new Map(
        chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [relative(root, chunk.facadeModuleId!), chunk]),
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      const alreadyLoaded = new Set(entry ? closure(entry, bundle) : []);
      const assetsOf = (module: string) => {
        const chunk = byModule.get(module);
        if (!chunk) this.error(`route-preloads: no chunk for ${module} (see src/app/route-modules.ts)`);
        return closure(chunk, bundle).filter((file) => !alreadyLoaded.has(file));
      };
      const layout = assetsOf(LAYOUT_MODULE);
      const preloads: Record<string, string[]> = { [ANY_OTHER_ROUTE]: urls(layout) };
      for (const [path, module] of Object.entries(SCREEN_MODULES)) {
        preloads[path] = urls([...new Set([...layout, ...assetsOf(module)])]);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 2) });
    },
  };
}

/** A chunk's file, its static imports' files (recursively) and the styles they import. */
function closure(chunk: OutputChunk, bundle: OutputBundle, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const css = [...(chunk.viteMetadata?.importedCss ?? [])];
  const imported = chunk.imports.flatMap((file) => {
    const next = bundle[file];
    return next?.type === 'chunk' ? closure(next, bundle, seen) : [];
  });
  return [chunk.fileName, ...css, ...imported];
}

const urls = (files: string[]) => files.map((file) => `/${file}`);
