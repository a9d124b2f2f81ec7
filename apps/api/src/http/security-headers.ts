/**
 * Security headers (Content-Security-Policy, HSTS, X-Content-Type-Options, Referrer-Policy…) on
 * every answer, as `@fastify/helmet` makes them — but made once (issue 18). The plugin builds a new
 * helmet middleware, and so the CSP string, for every request; our configuration has no
 * per-request part (no nonces, no per-route options), so the headers are the same every time.
 *
 * At start, @fastify/helmet with our options answers one request on a scratch Fastify instance;
 * the headers it set are then copied onto every request's response as it arrives (`onRequest`, on
 * the raw response as helmet does, so answers written outside Fastify's reply — the development
 * identity provider's pages — carry them too, and a route may still replace one).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** The headers helmet sets for `options`, computed once. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const scratch = Fastify({ logger: false });
  try {
    await scratch.register(helmet, options);
    scratch.get('/', async () => '');
    const response = await scratch.inject({ method: 'GET', url: '/' });
    const fastifyOwn = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    return Object.entries(response.headers)
      .filter(([name]) => !fastifyOwn.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await scratch.close();
  }
}

/** Sets helmet's headers, made once, on every answer of `app`. */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
