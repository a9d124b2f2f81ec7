/**
 * Which shop this Playwright worker tests. The global setup (support/global-setup.ts) starts one
 * shop per worker and lists them in E2E_SHOPS; a worker takes the one at its parallel index (stable
 * for the worker's slot, also when Playwright replaces a worker after a failure) and publishes it as
 * E2E_BASE_URL and E2E_DATABASE_URL, which the config's `baseURL` and the specs' helpers read.
 *
 * Imported by playwright.config.ts, so it runs in every worker before any spec is loaded.
 */
export const SHOPS_VARIABLE = 'E2E_SHOPS';

export interface E2EShop {
  baseUrl: string;
  databaseUrl: string;
}

/** This worker's shop, or undefined in the runner's own process (before the global setup). */
export function selectWorkerShop(): E2EShop | undefined {
  const shops = process.env[SHOPS_VARIABLE];
  const index = process.env.TEST_PARALLEL_INDEX;
  if (!shops || index === undefined) return undefined;
  const list = JSON.parse(shops) as E2EShop[];
  const shop = list[Number(index) % list.length]!;
  process.env.E2E_BASE_URL = shop.baseUrl;
  process.env.E2E_DATABASE_URL = shop.databaseUrl;
  return shop;
}
