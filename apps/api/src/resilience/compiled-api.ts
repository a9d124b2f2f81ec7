/**
 * The api's compiled build (`node dist/main.js`, what production runs) as child processes, for the
 * tests of a deployment's shape: several instances on one database, behind a proxy, stopped with
 * SIGTERM. `pnpm build` makes dist/ (turbo runs the api's build before its tests).
 *
 *   const api = startApi('api-1', { DATABASE_URL: url, PUBLIC_URL: 'http://127.0.0.1:8080' });
 *   await api.ready();                 // /api/ready answered 200 (throws with its output if it died)
 *   const { code, ms } = await api.stop();   // SIGTERM; exit code and how long it took
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../test/free-port';

export { freePort };

export const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const API_DIST_MAIN = `${API_DIR}dist/main.js`;

/** The build must exist: an error saying how to make it, else null. */
export function assertCompiledBuild(): void {
  if (!existsSync(API_DIST_MAIN)) {
    throw new Error(`${API_DIST_MAIN} is missing: run \`pnpm --filter @shop/api build\` first`);
  }
}

/** Production settings every test instance shares (the development sign-in explicitly allowed). */
export function productionEnv(publicUrl: string, sessionSecret: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    AUTH_DEV_PROVIDER: 'true',
    PUBLIC_URL: publicUrl,
    // Plain http on 127.0.0.1, and the embedded database in the tests that run it (issue 32).
    ALLOW_HTTP_PUBLIC_URL: 'true',
    ALLOW_EMBEDDED_DATABASE: 'true',
    SESSION_SECRET: sessionSecret,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  };
}

export interface ApiProcess {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves once /api/ready answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends SIGTERM (SIGKILL after killAfterMs) and resolves with the exit code and the time it took. */
  stop(killAfterMs?: number): Promise<{ code: number | null; ms: number }>;
}

export function startApi(name: string, port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, [API_DIST_MAIN], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    name,
    port,
    baseUrl,
    child,
    output: () => output,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`${name} was not ready in ${timeoutMs} ms:\n${output}`);
        const ok = await fetch(`${baseUrl}/api/ready`).then(
          async (response) => (await response.arrayBuffer(), response.ok),
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop(killAfterMs = 30_000) {
      const started = performance.now();
      if (child.exitCode !== null) return { code: child.exitCode, ms: 0 };
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      const code = await exited;
      clearTimeout(timer);
      return { code, ms: Math.round(performance.now() - started) };
    },
  };
}

/**
 * Log lines at level error or fatal (pino's JSON: 50, 60), and lines of plain text that speak of
 * an error or failure (a stack trace, TypeORM's console messages); other plain text (a start
 * banner) is not an error.
 */
export function errorLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim())
    .filter((line) => {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return /error|exception|fail/i.test(line);
      }
    });
}

/** A new, empty database on the test server (TEST_DATABASE_URL), dropped by drop(). */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
