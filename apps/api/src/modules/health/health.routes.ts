/** Liveness and readiness (docs/architecture.md §3): health answers once the server accepts requests; ready when the database does. */
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';

const READY_TIMEOUT_MS = 2000;

/**
 * Set once the process is stopping (main.ts, on SIGTERM): from then on /api/ready answers 503, so
 * a load balancer stops sending new requests before the server closes. A process-wide state, like
 * the signal that sets it.
 */
let draining = false;
export function startDraining(): void {
  draining = true;
}

export async function healthRoutes(app: FastifyInstance, { dataSource }: { dataSource: DataSource }) {
  app.get('/api/health', async () => ({ status: 'ok' }));

  app.get('/api/ready', async (_req, reply) => {
    if (draining) {
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ message: 'The server is shutting down', code: 'SERVICE_UNAVAILABLE' });
    }
    try {
      await Promise.race([
        dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref()),
      ]);
      return { status: 'ready' };
    } catch {
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ message: 'The database is not reachable', code: 'SERVICE_UNAVAILABLE' });
    }
  });
}
