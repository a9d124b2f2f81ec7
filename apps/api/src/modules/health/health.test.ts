/** Liveness and readiness (docs/architecture.md §3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@shop/db/testing';
import { buildApp } from '../../app';
import { startTestApp, testEnv, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ listen: false });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe('{"status":"ok"}');
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 503 when the database is gone, while health stays 200', async () => {
    const db = await createTestDatabase({ poolSize: 1 });
    const app = await buildApp({ env: testEnv(), dataSource: db.dataSource, databaseKind: db.kind });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      await db.dataSource.destroy();

      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('1');
      expect(ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(ready.body).not.toMatch(/ {4}at |Connection|TypeORM/);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
