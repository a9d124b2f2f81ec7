import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: {
    directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:', 'https://images.example.com'] },
  },
};

/** The headers an answer of a route, a 404 and a thrown error carry. */
async function answers(install: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify({ logger: false });
  await install(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  const result = [];
  for (const url of ['/ok', '/missing', '/fails']) {
    const { headers } = await app.inject({ method: 'GET', url });
    const { date: _date, ...rest } = headers;
    result.push(rest);
  }
  await app.close();
  return result;
}

describe('security headers made once', () => {
  it('are exactly what @fastify/helmet sets, on answers, 404s and errors', async () => {
    const ours = await answers((app) => installSecurityHeaders(app, options));
    const theirs = await answers(async (app) => {
      await app.register(helmet, options);
    });
    expect(ours).toEqual(theirs);
    expect(ours[0]!['content-security-policy']).toContain("img-src 'self' data: https://images.example.com");
    expect(ours[1]!['x-content-type-options']).toBe('nosniff');
  });
});
