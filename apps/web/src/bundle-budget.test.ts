import { describe, expect, it } from 'vitest';
import { initialScripts } from './bundle-budget';

describe('initialScripts', () => {
  it('finds the module entry and the preloaded chunks, not lazy ones or styles', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/Text-def.js">
      <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
      <link rel="icon" href="/favicon.svg">
      <script id="vite-plugin-pwa:register-sw" src="/registerSW.js" defer></script>
    </head><body><div id="root"></div></body></html>`;
    expect(initialScripts(html)).toEqual(['/assets/index-abc.js', '/assets/Text-def.js', '/registerSW.js']);
  });
});
