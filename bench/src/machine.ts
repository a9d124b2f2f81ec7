/** What the numbers were measured on: CPU, memory, versions, load. */
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';

export interface Machine {
  cores: number;
  cpuModel: string;
  ramGiB: number;
  node: string;
  postgres: string;
  /** 1-, 5- and 15-minute load averages. */
  loadBefore: number[];
  date: string;
}

export async function describeMachine(databaseUrl: string): Promise<Machine> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postgres = 'unknown';
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    postgres = rows[0]?.server_version ?? postgres;
  } finally {
    await client.end();
  }
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    ramGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres,
    loadBefore: loadavg().map((value) => Math.round(value * 100) / 100),
    date: new Date().toISOString(),
  };
}

export const currentLoad = () => loadavg().map((value) => Math.round(value * 100) / 100);
