/**
 * `pnpm test:changed [base]`: the quick loop of daily work (docs/testing.md, "The quick loop"). Runs
 * what the working tree's change touches, compared with `base` (default HEAD, so: what is not
 * committed yet, untracked files included; `origin/main` or a commit for a whole branch):
 *
 * 1. typecheck and lint of the changed packages and of those that depend on them (turbo's filter);
 * 2. the unit and api tests that import a changed file, directly or not (vitest's `--changed`);
 *    the api's on PostgreSQL and again on the embedded database, like `pnpm test`;
 * 3. the browser specs that changed or import a changed file (Playwright's `--only-changed`),
 *    against a fresh build — skipped when nothing of the web, the api or the specs changed.
 *
 * It is a subset of `pnpm test`, never a replacement: `.ci/run` still runs everything.
 */
import { spawnSync } from 'node:child_process';

const base = process.argv[2] ?? 'HEAD';

function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  console.log(`\n== ${[command, ...args].join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    console.error(`\npnpm test:changed: failed at ${[command, ...args].join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function changedFiles(): string[] {
  const git = (args: string[]) =>
    spawnSync('git', args, { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
  return [...new Set([...git(['diff', '--name-only', base]), ...git(['ls-files', '--others', '--exclude-standard'])])];
}

const changed = changedFiles();
if (changed.length === 0) {
  console.log(`Nothing changed since ${base}.`);
  process.exit(0);
}
console.log(`Changed since ${base}: ${changed.length} file(s)`);
const touches = (...prefixes: string[]) => changed.some((file) => prefixes.some((prefix) => file.startsWith(prefix)));

// turbo's `[ref]` filter takes a commit; for the working tree it compares with HEAD.
run('pnpm', ['exec', 'turbo', 'run', 'typecheck', 'lint', `--filter=...[${base}]`]);

const vitest = ['exec', 'vitest', 'run', '--changed', base, '--passWithNoTests'];
for (const dir of ['packages/schema', 'packages/db', 'packages/client', 'apps/web']) {
  run('pnpm', vitest, { cwd: dir });
}
// The api's tests that start its compiled build need dist/ to hold the change.
run('pnpm', ['--filter', '@shop/api', 'build']);
run('pnpm', vitest, { cwd: 'apps/api', env: { TEST_DB_MODE: 'postgres' } });
run('pnpm', vitest, { cwd: 'apps/api', env: { TEST_DB_MODE: 'embedded' } });

if (touches('apps/web/', 'apps/api/', 'packages/schema/', 'packages/db/')) {
  run('pnpm', ['exec', 'vite', 'build'], { cwd: 'apps/web' });
  run('pnpm', ['exec', 'playwright', 'test', `--only-changed=${base}`, '--pass-with-no-tests'], { cwd: 'apps/web' });
}
console.log('\npnpm test:changed: passed');
