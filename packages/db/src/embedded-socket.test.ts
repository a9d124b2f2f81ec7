/**
 * The embedded database is reachable only by the shop (issue 32): it listens on a Unix socket in a
 * private directory of DATA_DIR (0700, the socket 0600), not on a TCP port on 127.0.0.1 where any
 * local process of any user was its superuser without a password. A socket left by a killed
 * process does not stop the next start; a DATA_DIR another process serves is refused; a DATA_DIR
 * too deep for a socket path gets a private temporary directory.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './data-source';

const roots: string[] = [];
const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
function freshDir(prefix = 'shop-socket-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  roots.push(dir);
  return dir;
}
async function open(dataDir: string): Promise<Database> {
  const db = await openDatabase({ dataDir });
  opened.push(db);
  return db;
}
const urlOf = (db: Database) => (db.dataSource.options as { url: string }).url;
const socketDirOf = (db: Database) => decodeURIComponent(new URL(urlOf(db)).hostname);

describe('the embedded database socket', () => {
  it(
    'is a Unix socket in a private directory of DATA_DIR, not a TCP port',
    { timeout: 120_000 },
    async () => {
      const dataDir = freshDir();
      const db = await open(dataDir);
      expect(urlOf(db)).not.toMatch(/127\.0\.0\.1|localhost/);
      const socketDir = socketDirOf(db);
      expect(socketDir).toBe(join(dataDir, '.socket'));
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      const socket = statSync(join(socketDir, '.s.PGSQL.5432'));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o077).toBe(0);
      expect(await db.dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);

      // Another process on the same DATA_DIR is refused while this one serves it.
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another process/);

      await db.close();
      opened.pop();
      // A clean stop removes the socket; a file left behind (a killed process) does not stop a start.
      expect(existsSync(join(socketDir, '.s.PGSQL.5432'))).toBe(false);
      writeFileSync(join(socketDir, '.s.PGSQL.5432'), '');
      const again = await open(dataDir);
      expect(await again.dataSource.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    },
  );

  it(
    'a DATA_DIR too deep for a socket path gets a private temporary directory, removed at close',
    { timeout: 120_000 },
    async () => {
      const dataDir = join(freshDir(), 'a-directory-name-long-enough'.repeat(4));
      const db = await open(dataDir);
      const socketDir = socketDirOf(db);
      expect(socketDir.startsWith(tmpdir())).toBe(true);
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      expect(await db.dataSource.query('SELECT 3 AS three')).toEqual([{ three: 3 }]);
      await db.close();
      opened.pop();
      expect(existsSync(socketDir)).toBe(false);
    },
  );
});
