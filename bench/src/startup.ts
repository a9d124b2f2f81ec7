/**
 * `pnpm --filter @shop/bench startup`: how fast the api starts and how much memory it holds idle,
 * TypeScript through tsx against the compiled build (`pnpm build` first). For each way of running
 * it, STARTUP_RUNS starts (default 5) on the same database, each measuring from the spawn to the
 * first 200 of /api/health and of /api/ready, then the resident memory (VmRSS of the process and
 * its children: the tsx command is a launcher with the server as its child) after STARTUP_IDLE_MS
 * (default 5000) without requests. Prints the medians.
 *
 * Two databases: a real PostgreSQL (a fresh database on BENCH_SERVER_URL, migrated and seeded by
 * the first start, then dropped) and the embedded one (a temporary DATA_DIR, likewise).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, procStatusKb } from './processes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_DIR = join(ROOT, 'apps/api');
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const IDLE_MS = Number(process.env.STARTUP_IDLE_MS ?? 5000);
const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TSX_CLI = join(API_DIR, 'node_modules/.bin/tsx');

const VARIANTS = [
  { name: 'tsx src/main.ts (the old `pnpm start`)', command: TSX_CLI, args: ['src/main.ts'] },
  {
    name: 'node --import tsx src/main.ts',
    command: process.execPath,
    args: ['--import', 'tsx', 'src/main.ts'],
  },
  { name: 'node dist/main.js (compiled)', command: process.execPath, args: ['dist/main.js'] },
];

/** The pids of a process and all its descendants (from /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return pids;
}

async function firstOk(url: string, since: number, deadline: number): Promise<number> {
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    const ok = await fetch(url).then(
      async (response) => (await response.arrayBuffer(), response.ok),
      () => false,
    );
    if (ok) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function startOnce(variant: (typeof VARIANTS)[number], env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(variant.command, variant.args, {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Production settings on plain http, and the embedded variant: allowed explicitly (apps/api/src/env.ts).
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ALLOW_EMBEDDED_DATABASE: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 120_000;
    const health = await firstOk(`http://127.0.0.1:${port}/api/health`, started, deadline);
    const ready = await firstOk(`http://127.0.0.1:${port}/api/ready`, started, deadline);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rssKb = processTree(child.pid!).reduce((sum, pid) => sum + (procStatusKb(pid, 'VmRSS') ?? 0), 0);
    return { health, ready, rssMb: rssKb / 1024 };
  } catch (error) {
    throw new Error(`${variant.name}: ${(error as Error).message}\n${stderr}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, env: Record<string, string>) {
  console.log(`\n${label} (median of ${RUNS} starts, RSS after ${IDLE_MS / 1000} s idle)`);
  console.log('| how | → /api/health 200 | → /api/ready 200 | idle RSS |');
  console.log('|---|---|---|---|');
  // The first start migrates and seeds: not counted.
  await startOnce(VARIANTS[2]!, env);
  for (const variant of VARIANTS) {
    const runs: Awaited<ReturnType<typeof startOnce>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce(variant, env));
    const ms = (key: 'health' | 'ready') => `${Math.round(median(runs.map((run) => run[key])))} ms`;
    console.log(
      `| ${variant.name} | ${ms('health')} | ${ms('ready')} | ${Math.round(median(runs.map((run) => run.rssMb)))} MB |`,
    );
  }
}

const common = {
  NODE_ENV: 'production',
  AUTH_DEV_PROVIDER: 'true',
  SESSION_SECRET: randomBytes(24).toString('hex'),
  SEED_DEMO: 'true',
};
console.log(`node ${process.version}, ${RUNS} runs each`);

const database = `shop_startup_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
try {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  await measure('PostgreSQL (DATABASE_URL)', { ...common, DATABASE_URL: url.toString() });
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}

const dataDir = mkdtempSync(join(tmpdir(), 'shop-startup-'));
try {
  await measure('Embedded database (no DATABASE_URL)', { ...common, DATABASE_URL: '', DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
