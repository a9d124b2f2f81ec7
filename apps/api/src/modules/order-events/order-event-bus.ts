/**
 * Live order updates across api instances (issue 7): order changes are announced by PostgreSQL
 * (`pg_notify` inside the transaction that makes them, so only committed changes are heard), and
 * each api process keeps one LISTEN connection that fans the events out to its own subscribers —
 * the signed-in shoppers' open streams. Reconnects on its own after a lost connection.
 *
 * With the embedded database (one connection at a time) there is no LISTEN connection: live
 * updates are off there and My Orders shows changes on its next load.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { EntityManager } from 'typeorm';

export const ORDER_EVENTS_CHANNEL = 'order_events';
const RECONNECT_MS = 1000;

export interface OrderEvent {
  orderId: string;
  /** The order's owner: only they hear of it. */
  userId: string;
  status: string;
  kind: 'placed' | 'status';
}

/** Announces an order change when (and only if) the surrounding transaction commits. */
export async function announceOrderEvent(tx: Pick<EntityManager, 'query'>, event: OrderEvent): Promise<void> {
  await tx.query(`SELECT pg_notify($1, $2)`, [ORDER_EVENTS_CHANNEL, JSON.stringify(event)]);
}

function parseEvent(payload: string | undefined): OrderEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as Partial<OrderEvent>;
    return typeof event.orderId === 'string' &&
      typeof event.userId === 'string' &&
      typeof event.status === 'string'
      ? (event as OrderEvent)
      : null;
  } catch {
    return null;
  }
}

export class OrderEventBus {
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(event: OrderEvent) => void>();
  private readonly closeListeners = new Set<() => void>();
  closed = false;

  /** `connectionString` null: no LISTEN connection (embedded database). */
  constructor(
    private readonly connectionString: string | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.connectionString) await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed || !this.connectionString) return;
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5000 });
    client.on('notification', (message) => {
      const event = parseEvent(message.payload);
      if (event) for (const listener of this.listeners) listener(event);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'order events: connection lost, reconnecting');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.log.warn({ err: error }, 'order events: cannot listen yet, retrying');
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

  subscribe(listener: (event: OrderEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once when the bus closes (the api shutting down): open streams end. */
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const listener of this.closeListeners) listener();
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * One shopper's stream: their own orders' events as they happen, until they disconnect (`signal`)
 * or the api shuts down. Never anybody else's: filtered here, on the server.
 */
export async function* ordersOf(
  bus: OrderEventBus,
  userId: string,
  signal?: AbortSignal,
): AsyncGenerator<OrderEvent> {
  const queue: OrderEvent[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe((event) => {
    if (event.userId !== userId) return;
    queue.push(event);
    wake?.();
  });
  const stop = () => wake?.();
  const unClose = bus.onClose(stop);
  signal?.addEventListener('abort', stop);
  try {
    while (!signal?.aborted && !bus.closed) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    unsubscribe();
    unClose();
    signal?.removeEventListener('abort', stop);
  }
}
