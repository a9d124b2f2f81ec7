/** The figures of each mode as the CI log shows them, and the verdict. */
import { MODE_TITLES, type ModeResult } from './run-mode';

const n = (value: number) => value.toLocaleString('en-US');

const rate = (result: ModeResult) =>
  result.loadSeconds > 0 ? (result.recorder.requests / result.loadSeconds).toFixed(1) : '0';

const refused = (result: ModeResult) => result.recorder.expectedCount('409 POST /api/orders');

const list = (entries: Iterable<[string, number]>, sort = true) => {
  const items = [...entries];
  if (sort) items.sort((a, b) => b[1] - a[1]);
  return items.map(([name, count]) => `${name} ×${n(count)}`);
};

/** Every reason a mode fails; empty when it passes. */
export function failuresOf(result: ModeResult): string[] {
  const reasons: string[] = [];
  if (result.error) reasons.push(`the run could not complete: ${result.error.split('\n')[0]}`);
  for (const [kind, failure] of result.recorder.failures) reasons.push(`${n(failure.count)} × ${kind}`);
  if (result.log.protocolErrors > 0)
    reasons.push(`${result.log.protocolErrors} protocol errors in the server log`);
  if (result.log.errorLines > 0) reasons.push(`${result.log.errorLines} error lines in the server log`);
  if (result.exitCode !== 0) reasons.push(`the api exited with ${result.exitCode} after SIGTERM`);
  for (const check of result.checks)
    if (!check.ok) reasons.push(`check failed: ${check.name} (${check.detail})`);
  if (!result.error && result.checks.length === 0) reasons.push('no checks ran');
  if (!result.error && result.ordersPlaced === 0) reasons.push('no order was placed: the load did not load');
  return reasons;
}

export function printMode(result: ModeResult): void {
  const { recorder, log } = result;
  const row = (label: string, text: string) => console.log(`  ${label.padEnd(15)} ${text}`);
  const rows = (label: string, lines: string[]) =>
    lines.forEach((line, index) => row(index === 0 ? label : '', line));
  const statuses = [...recorder.statuses].sort((a, b) => a[0].localeCompare(b[0]));

  console.log(`\n=== Load test, ${MODE_TITLES[result.mode]} ===`);
  row(
    'load',
    `${result.loadSeconds.toFixed(0)} s, ${result.shoppersSignedIn} shoppers signed in + 3 staff; ` +
      `api ready in ${result.startupSeconds.toFixed(1)} s; ${result.wallSeconds.toFixed(0)} s in all; ` +
      (result.staticFiles ? 'static files included' : 'no web build: static files skipped'),
  );
  row(
    'requests',
    `${n(recorder.requests)} (${rate(result)}/s; sign-in flows not included); latency p50 ${recorder.percentile(50)} ms, ` +
      `p95 ${recorder.percentile(95)} ms, p99 ${recorder.percentile(99)} ms`,
  );
  row('by status', list(statuses, false).join(', ') || 'none');
  row(
    'orders',
    `${n(result.ordersPlaced)} placed (201), ${n(refused(result))} refused (409), ` +
      `${n(recorder.counted('replays answered with the same order'))} replays of a placement answered with the same order`,
  );
  rows('expected 4xx', list(recorder.expected));
  rows('activity', list(recorder.tally));
  row(
    'live updates',
    `${n(recorder.counted('order events received'))} order events heard by the shoppers' streams, for ` +
      `${n(recorder.counted('order status changes (200)'))} status changes`,
  );
  row(
    'failures',
    `5xx ${recorder.failureCount('5xx')}, unexpected 401 ${recorder.failureCount('unexpected 401')}, ` +
      `all kinds ${recorder.failureCount()}`,
  );
  for (const [kind, failure] of recorder.failures) {
    row('', `${kind} ×${failure.count}`);
    for (const sample of failure.samples) row('', `  e.g. ${sample}`);
  }
  row(
    'server log',
    `${n(log.lines)} lines: protocol errors ${log.protocolErrors}, error lines ${log.errorLines}, ` +
      `non-JSON lines ${log.otherLines}; exit code after SIGTERM ${result.exitCode}`,
  );
  for (const sample of [...log.protocolSamples, ...log.errorSamples]) row('', `  e.g. ${sample}`);
  for (const sample of log.otherSamples) row('', `  (not JSON) ${sample}`);
  row('checks', `${result.checks.filter((check) => check.ok).length} of ${result.checks.length} passed`);
  for (const check of result.checks) {
    row('', `${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`);
    for (const line of check.lines ?? []) row('', `     ${line}`);
    if (check.note) row('', `     note: ${check.note}`);
  }
  if (result.error) rows('error', result.error.split('\n').slice(0, 8));
  const reasons = failuresOf(result);
  row('result', reasons.length === 0 ? 'PASS' : `FAIL: ${reasons.join('; ')}`);
}

export function printVerdict(results: ModeResult[]): boolean {
  const header = [
    'mode',
    'requests',
    'req/s',
    'p95 ms',
    'orders',
    'refused',
    '5xx',
    '401',
    'protocol',
    'log errors',
    'checks',
    'result',
  ];
  const table = results.map((result) => [
    result.mode,
    n(result.recorder.requests),
    rate(result),
    String(result.recorder.percentile(95)),
    n(result.ordersPlaced),
    n(refused(result)),
    String(result.recorder.failureCount('5xx')),
    String(result.recorder.failureCount('unexpected 401')),
    String(result.log.protocolErrors),
    String(result.log.errorLines),
    `${result.checks.filter((check) => check.ok).length}/${result.checks.length}`,
    failuresOf(result).length === 0 ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((cells) => cells[column]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  console.log(`\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}`);
  for (const cells of table) console.log(line(cells));
  return results.every((result) => failuresOf(result).length === 0);
}
