/**
 * The live event bus (issues 7 and 15): committed changes — orders placed, status changes, stock
 * levels — fanned out to the open streams of every api process. One interface, two transports:
 *
 * - PostgreSQL: every process keeps ONE `LISTEN` connection, and publishes with `pg_notify` on
 *   that same connection, outside any transaction (so it costs no pool connection), after the
 *   change has committed (./after-commit.ts). Every process hears every event, its own included,
 *   so any number of instances on one database share them. Reconnects on its own.
 * - in-process: the embedded database can be reached through exactly one connection (PGlite has
 *   one backend session; docs/database-modes.md), so no LISTEN connection is possible; there is
 *   only one process anyway, and events are handed to its subscribers directly.
 *
 * Events published in the same tick leave together (one NOTIFY per ~7 kB), and a product's stock
 * events in one batch collapse to its last level: a burst (an import, a rush of orders) costs a
 * few notifications, not one per row.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DataSource } from 'typeorm';
import { LiveEvent } from '@shop/schema';
import { installAfterCommitPublishing, latestStockOnly } from './after-commit';

export const LIVE_EVENTS_CHANNEL = 'shop_live_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clear of it. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7000;
const RECONNECT_MS = 1000;
const QUERY_TIMEOUT_MS = 5000;
/** How long closing waits for the last events to leave. */
const CLOSE_FLUSH_MS = 2000;

export type LiveEventListener = (event: LiveEvent) => void;

/** How events travel between the processes that share a database. */
export interface LiveEventTransport {
  /** Starts listening; `deliver` receives every event any process published, in order. */
  start(deliver: (events: LiveEvent[]) => void): Promise<void>;
  publish(events: LiveEvent[]): Promise<void>;
  close(): Promise<void>;
}

/** The events of one payload, each checked: a malformed one is dropped, not passed on. */
export function parsePayload(payload: string | undefined): LiveEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload ?? '');
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((item) => {
    const event = LiveEvent.safeParse(item);
    return event.success ? [event.data] : [];
  });
}

/** JSON arrays of the events, each under MAX_NOTIFY_PAYLOAD_BYTES. */
export function toPayloads(events: readonly LiveEvent[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = Buffer.byteLength(json) + 1;
    if (batch.length > 0 && bytes + size > MAX_NOTIFY_PAYLOAD_BYTES) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(json);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

/** The embedded database's transport: one process, so publishing is delivering. */
export class InProcessTransport implements LiveEventTransport {
  private deliver: ((events: LiveEvent[]) => void) | null = null;

  async start(deliver: (events: LiveEvent[]) => void): Promise<void> {
    this.deliver = deliver;
  }

  async publish(events: LiveEvent[]): Promise<void> {
    this.deliver?.(events);
  }

  async close(): Promise<void> {
    this.deliver = null;
  }
}

/** PostgreSQL's LISTEN/NOTIFY on one connection per process, which also carries the NOTIFYs. */
export class PostgresTransport implements LiveEventTransport {
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private deliver: ((events: LiveEvent[]) => void) | null = null;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    /** Used to publish while the LISTEN connection is being re-established. */
    private readonly dataSource: DataSource,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(deliver: (events: LiveEvent[]) => void): Promise<void> {
    this.deliver = deliver;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 5000,
      // A NOTIFY on a connection that died silently fails instead of holding up every later one.
      query_timeout: QUERY_TIMEOUT_MS,
    });
    client.on('notification', (message) => {
      if (message.channel !== LIVE_EVENTS_CHANNEL) return;
      const events = parsePayload(message.payload);
      if (events.length > 0) this.deliver?.(events);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'live events: connection lost, reconnecting');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.log.warn({ err: error }, 'live events: cannot listen yet, retrying');
      this.reconnectLater(client);
    }
  }

  private reconnectLater(client: pg.Client): void {
    if (this.client === client) this.client = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  async publish(events: LiveEvent[]): Promise<void> {
    for (const payload of toPayloads(events)) {
      const sql = `SELECT pg_notify($1, $2)`;
      const params = [LIVE_EVENTS_CHANNEL, payload];
      // An autocommit statement: the NOTIFY is sent at once, inside no transaction of ours.
      if (this.client) await this.client.query(sql, params);
      else await this.dataSource.query(sql, params);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.deliver = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

export class LiveEventBus {
  private readonly listeners = new Set<LiveEventListener>();
  private readonly localListeners = new Set<(events: readonly LiveEvent[]) => void>();
  private readonly closeListeners = new Set<() => void>();
  private outbox: LiveEvent[] = [];
  private flushing: Promise<void> | null = null;
  private detach: (() => void) | null = null;
  closed = false;

  constructor(
    private readonly transport: LiveEventTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Starts the transport and, given the DataSource, publishes its transactions' events once they
   * commit (`publishAfterCommit`).
   */
  async start(dataSource?: DataSource): Promise<void> {
    await this.transport.start((events) => this.deliver(events));
    if (dataSource) this.detach = installAfterCommitPublishing(dataSource, (events) => this.publish(events));
  }

  /** Queues committed events; they leave together at the end of this tick. */
  publish(events: readonly LiveEvent[]): void {
    if (this.closed || events.length === 0) return;
    for (const listener of this.localListeners) {
      try {
        listener(events);
      } catch (error) {
        this.log.warn({ err: error }, 'live events: a local listener failed');
      }
    }
    for (const event of events) this.outbox.push(event);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
  }

  private async flush(): Promise<void> {
    const events = latestStockOnly(this.outbox);
    this.outbox = [];
    try {
      await this.transport.publish(events);
    } catch (error) {
      // The change itself has committed; only its announcement is lost (screens catch up on focus).
      this.log.warn({ err: error, events: events.length }, 'live events: could not publish');
    } finally {
      this.flushing = null;
      // Published while this batch was on its way: the next batch.
      if (this.outbox.length > 0) this.scheduleFlush();
    }
  }

  private deliver(events: LiveEvent[]): void {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch (error) {
          this.log.warn({ err: error }, 'live events: a listener failed');
        }
      }
    }
  }

  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Hears this process's own committed events at once, as they are published (synchronously, at
   * COMMIT, before the request that made the change answers), besides hearing them again with
   * everyone's through `subscribe`. For state that must not lag behind this process's own writes:
   * the catalogue cache (modules/catalogue/catalogue-cache.ts).
   */
  onLocalPublish(listener: (events: readonly LiveEvent[]) => void): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  /** Called once when the bus closes (the api shutting down): open streams end. */
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Sends what is queued, then stops: open streams end, the LISTEN connection closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.detach?.();
    this.detach = null;
    const deadline = Date.now() + CLOSE_FLUSH_MS;
    while (this.flushing && Date.now() < deadline) {
      await Promise.race([
        this.flushing,
        new Promise((resolve) => setTimeout(resolve, CLOSE_FLUSH_MS).unref()),
      ]);
    }
    this.closed = true;
    for (const listener of this.closeListeners) listener();
    await this.transport.close();
  }
}

/**
 * The bus for this database: PostgreSQL's LISTEN/NOTIFY on a server, in-process on the embedded
 * database. Not started yet (`start(dataSource)`).
 */
export function createLiveEventBus(options: {
  databaseKind: 'postgres' | 'embedded';
  dataSource: DataSource;
  log: FastifyBaseLogger;
}): LiveEventBus {
  const url = (options.dataSource.options as { url?: string }).url;
  const transport =
    options.databaseKind === 'postgres' && url
      ? new PostgresTransport(url, options.dataSource, options.log)
      : new InProcessTransport();
  return new LiveEventBus(transport, options.log);
}
