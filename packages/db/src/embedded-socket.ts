/**
 * Where the embedded database listens (issue 32): a Unix socket inside DATA_DIR, in a directory only
 * the shop's own OS user may enter (0700; the socket itself 0600), instead of a TCP port on
 * 127.0.0.1. PGlite has no authentication of its own: whoever reaches its socket is its superuser.
 * On 127.0.0.1 that was any local process of any user; now it is only the shop's user (and root).
 *
 * A Unix socket's path is limited to about 100 bytes: when DATA_DIR is deeper than that, the socket
 * goes to a fresh private directory under the system's temporary directory instead (mkdtemp: 0700),
 * removed at close.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The file name the postgres client builds from a socket directory and the default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** sun_path is 108 bytes on Linux, 104 on macOS: keep well under both. */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedSocket {
  /** The socket file the server listens on. */
  path: string;
  /** The connection URL: the socket's directory as the (URL-encoded) host. */
  url: string;
  /** Removes the directory when it was a temporary one; a socket in DATA_DIR is removed by the server. */
  cleanup(): void;
}

/** Whether something answers on a Unix socket (a running shop on the same DATA_DIR). */
function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(path);
    const finish = (result: boolean) => {
      socket.destroy();
      done(result);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.setTimeout(1000, () => finish(false));
  });
}

/** DATA_DIR/.socket, or (temporary) a directory to make under the system's temporary directory. */
function socketDirectory(dataDir: string): { directory: string; temporary: boolean } {
  const directory = join(resolve(dataDir), '.socket');
  return join(directory, SOCKET_NAME).length > MAX_SOCKET_PATH
    ? { directory: '', temporary: true }
    : { directory, temporary: false };
}

/**
 * Refuses a DATA_DIR that another running process serves (its socket answers), before PGlite opens
 * the files. Creates nothing: a fresh DATA_DIR stays empty for PGlite's first start.
 */
export async function refuseServedDataDir(dataDir: string): Promise<void> {
  const { directory, temporary } = socketDirectory(dataDir);
  if (temporary) return;
  const path = join(directory, SOCKET_NAME);
  if (existsSync(path) && (await answers(path)))
    throw new Error(`The embedded database in ${dataDir} is in use by another process`);
}

/** The private directory and a free socket path for the embedded database in `dataDir`. */
export function prepareEmbeddedSocket(dataDir: string): EmbeddedSocket {
  const planned = socketDirectory(dataDir);
  const temporary = planned.temporary;
  const directory = temporary ? mkdtempSync(join(tmpdir(), 'freshcart-db-')) : planned.directory;
  if (!temporary) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    // An existing directory keeps its mode on mkdir: make it private whatever it was.
    chmodSync(directory, 0o700);
  }
  const path = join(directory, SOCKET_NAME);
  // Left by a process that was killed (a clean stop removes it; a live one was refused before).
  if (existsSync(path)) unlinkSync(path);
  return {
    path,
    url: `postgres://postgres@${encodeURIComponent(directory)}/postgres`,
    cleanup() {
      if (temporary) rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** After the server listens: the socket file itself is the owner's only. */
export function restrictSocket(socket: EmbeddedSocket): void {
  chmodSync(socket.path, 0o600);
}
