/**
 * Child processes of the bench: a free port, a server started and waited for, its resident memory
 * (from /proc), and a clean stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { freePort } from '../../apps/api/src/test/free-port';

export { freePort };

export interface Server {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed (for the error message when it dies). */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts `node <args>` in `cwd` with `env` and waits until `readyPath` answers 200. The process is
 * node itself (no tsx or pnpm wrapper), so its pid is the server's and /proc tells its memory.
 */
export async function startServer(options: {
  name: string;
  cwd: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
  timeoutMs?: number;
  /** Sees every chunk the server prints (stdout and stderr), e.g. to scan its whole log. */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
}): Promise<Server> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    options.onOutput?.(text, stream);
  };
  child.stdout!.on('data', keep('stdout'));
  child.stderr!.on('data', keep('stderr'));
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited !== undefined)
      throw new Error(`${options.name} exited (${exited}) while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not answer ${options.readyPath} in time:\n${output}`);
    }
    try {
      const response = await fetch(baseUrl + options.readyPath);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    child,
    baseUrl,
    output: () => output,
    async stop() {
      if (exited !== undefined) return exited;
      const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await done;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A value in kB from /proc/<pid>/status (VmRSS, VmHWM), or null when unreadable. */
export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Tracks a process's peak resident memory over one scenario: resets the kernel's high-water mark
 * (`echo 5 > /proc/<pid>/clear_refs`, where allowed) and samples VmRSS every 100 ms as well.
 */
export function trackPeakRss(pid: number): { stop(): number | null } {
  let canReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    canReset = false;
  }
  let peak = procStatusKb(pid, 'VmRSS') ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, procStatusKb(pid, 'VmRSS') ?? 0);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      const hwm = canReset ? procStatusKb(pid, 'VmHWM') : null;
      const best = Math.max(peak, hwm ?? 0);
      return best > 0 ? best : null;
    },
  };
}
