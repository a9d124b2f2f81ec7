/**
 * How long Admin → Analytics takes on a database (docs/benchmarks.md, "Analytics"): the service
 * called directly, 10 warm-up calls and 100 timed ones per range, on the data set of
 * `pnpm db:seed --large` (50,000 orders). Not part of any test run:
 *
 *   DATABASE_URL=postgres://… npx tsx src/modules/analytics/analytics.measure.ts
 */
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '@shop/db';
import { AnalyticsInput } from '@shop/schema';
import { salesAnalytics } from './analytics.service';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the large-seeded database');
const db = await openDatabase({ url, dataDir: '' });
const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const ctx = { db: db.dataSource.manager, user: null, log };
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const RANGES = [
  ['30 days by day', 30, 'day'],
  ['90 days by week', 90, 'week'],
  ['365 days by month', 365, 'month'],
] as const;

for (const [label, days, bucket] of RANGES) {
  const input = AnalyticsInput.parse({ from: day(days - 1), to: day(0), bucket });
  for (let i = 0; i < 10; i++) await salesAnalytics(ctx, input);
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await salesAnalytics(ctx, input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`);
}
await db.close();
