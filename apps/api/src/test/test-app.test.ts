/**
 * The test app runs on the database this run asked for (TEST_DB_MODE), opened as main.ts opens it:
 * a run that meant to test the embedded database and quietly tested PostgreSQL (or the reverse)
 * fails here.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabaseMode } from '@shop/db/testing';
import { startTestApp, type TestApp } from './test-app';

let shop: TestApp;
beforeAll(async () => {
  shop = await startTestApp({ listen: false });
});
afterAll(async () => {
  await shop?.close();
});

it('runs on the database TEST_DB_MODE names', async () => {
  const [row]: { version: string }[] = await shop.dataSource.query('SELECT version()');
  const version = row?.version ?? '';
  const pool = (shop.dataSource.options.extra as { max: number }).max;
  if (testDatabaseMode() === 'embedded') {
    expect(shop.db.kind).toBe('embedded');
    expect(version).toContain('PGlite');
    expect(pool).toBe(1);
  } else {
    expect(shop.db.kind).toBe('postgres');
    expect(version).not.toContain('PGlite');
  }
  expect((await shop.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
});
