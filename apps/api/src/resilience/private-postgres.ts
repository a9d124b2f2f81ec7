/**
 * A PostgreSQL server of a test's own (initdb + pg_ctl in a temporary directory, on a free port),
 * so a test can stop and start the database under the api without touching the machine's shared
 * cluster. As root the server runs as the `postgres` OS user (PostgreSQL refuses to run as root).
 *
 *   const pg = await PrivatePostgres.create();   // initialised and running
 *   await pg.stop(); await pg.start();           // an outage
 *   await pg.destroy();                          // stopped and removed
 *
 * `privatePostgresMissing()` says why it cannot run here (no binaries), for a clean skip.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/free-port';

const run = promisify(execFile);

/** Where the PostgreSQL server binaries are (Debian's layout; PG_BIN_DIR overrides). */
export const PG_BIN_DIR = process.env.PG_BIN_DIR || '/usr/lib/postgresql/15/bin';

const isRoot = () => process.getuid?.() === 0;

/** Null when a private server can run here, else the reason it cannot. */
export function privatePostgresMissing(): string | null {
  for (const binary of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(PG_BIN_DIR, binary)))
      return `${join(PG_BIN_DIR, binary)} not found (set PG_BIN_DIR)`;
  }
  if (isRoot() && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
    return 'running as root without runuser, so PostgreSQL cannot be started as the postgres user';
  }
  return null;
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export class PrivatePostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  private get dataDir() {
    return join(this.dir, 'data');
  }

  /** Runs a server binary, as the postgres user when we are root. */
  private async bin(binary: string, args: string[]): Promise<string> {
    const path = join(PG_BIN_DIR, binary);
    const [command, commandArgs] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
      : [path, args];
    try {
      const { stdout } = await run(command, commandArgs, { cwd: this.dir, timeout: 60_000 });
      return stdout;
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      throw new Error(`${binary} ${args.join(' ')} failed: ${e.stderr || e.message}`);
    }
  }

  /** Initialises a cluster in a new temporary directory and starts it. */
  static async create(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'shop-private-pg-'));
    if (isRoot()) {
      const { uid, gid } = await postgresIds();
      chownSync(dir, uid, gid);
    }
    const server = new PrivatePostgres(dir, await freePort());
    try {
      await server.bin('initdb', [
        '-D',
        server.dataDir,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ]);
      await server.start();
      return server;
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=40',
      '-c shared_buffers=16MB',
    ].join(' ');
    await this.bin('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ]);
  }

  /** Stops the server: 'fast' ends every session (as a restart does), 'immediate' is a crash. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.bin('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  /** Stops the server (if running) and removes its directory. */
  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
