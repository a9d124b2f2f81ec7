/**
 * `pnpm test:load`: the shop under concurrent shoppers and staff, in both database modes, with the
 * invariants checked in the database afterwards (docs/database-modes.md, "How it is tested").
 * Exits 1 when anything failed in any mode, naming what.
 *
 * Environment: LOAD_SECONDS (per mode, default 60), LOAD_SHOPPERS (50), LOAD_MODES
 * ("embedded,postgres"), LOAD_AT_ONCE (1, the default: the modes run at the same time; 0: one after
 * the other), TEST_DATABASE_URL (the PostgreSQL server of the postgres mode, default
 * postgres://postgres@127.0.0.1:5432/postgres), LOAD_LOG_LEVEL (the api's LOG_LEVEL, default info),
 * LOAD_KEEP=1 (keep the DATA_DIR and the database to look at).
 */
import { config } from './config';
import { runMode, type ModeResult } from './run-mode';
import { printMode, printVerdict } from './summary';

const started = Date.now();
const results: ModeResult[] = [];
if (config.atOnce) {
  // Each mode's own api, database and shoppers: nothing is shared but the machine.
  results.push(...(await Promise.all(config.modes.map(runMode))));
  results.forEach(printMode);
} else {
  for (const mode of config.modes) {
    const result = await runMode(mode);
    printMode(result);
    results.push(result);
  }
}
const passed = printVerdict(results);
console.log(
  `\nLoad test ${passed ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ` +
    `(${config.shoppers} shoppers, ${config.seconds} s per mode, ` +
    `${config.atOnce ? 'the modes at the same time' : 'one mode after the other'}).`,
);
process.exit(passed ? 0 : 1);
