/**
 * Ceiling 1: a bare Fastify server answering every GET with the same JSON bytes as the api's
 * product page (read from the file named by CEILING_BODY_FILE). What Node + HTTP alone can do here.
 *
 *   CEILING_BODY_FILE=page.json PORT=4000 node --import tsx src/ceiling-static.ts
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.CEILING_BODY_FILE!);
const app = Fastify({ logger: false });
app.get('/*', (_req, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
