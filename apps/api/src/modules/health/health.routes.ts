/** Liveness and readiness (DESIGN.md §3): health answers once the server accepts requests; ready when the database does. */
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';

const READY_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, { dataSource }: { dataSource: DataSource }) {
  app.get('/api/health', async () => ({ status: 'ok' }));

  app.get('/api/ready', async (_req, reply) => {
    try {
      await Promise.race([
        dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref()),
      ]);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ message: 'The database is not reachable', code: 'SERVICE_UNAVAILABLE' });
    }
  });
}
