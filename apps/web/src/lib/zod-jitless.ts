/**
 * zod compiles its object parsers with `new Function` where a page allows it, and probes for that
 * on its first parse. The shop's Content-Security-Policy allows no eval, so the probe is refused and
 * Chromium reports a CSP violation (an issue in DevTools, a lost point in Lighthouse's best
 * practices; the e2e suite fails on it: e2e/support/test.ts). Jitless parsing skips the probe.
 *
 * zod keeps its configuration (what `z.config()` writes) on this global and reads it when it loads.
 * Setting it here, imported first by main.tsx, keeps zod itself out of the storefront's first load.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
