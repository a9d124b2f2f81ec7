/**
 * What one mode's run saw: every answer by status, the expected refusals (409 for stock, prices and
 * order-status races) by reason, the failures by kind with a few samples each, latencies, and
 * counters of what the actors did. Only `fail` makes the run fail.
 */
const SAMPLES_PER_FAILURE = 5;

export interface FailureKind {
  count: number;
  samples: string[];
}

export class Recorder {
  requests = 0;
  readonly statuses = new Map<string, number>();
  readonly expected = new Map<string, number>();
  readonly failures = new Map<string, FailureKind>();
  readonly tally = new Map<string, number>();
  private readonly latencies: number[] = [];

  answered(status: number | 'network error', ms: number): void {
    this.requests++;
    this.statuses.set(String(status), (this.statuses.get(String(status)) ?? 0) + 1);
    this.latencies.push(ms);
  }

  expect(label: string): void {
    this.expected.set(label, (this.expected.get(label) ?? 0) + 1);
  }

  fail(kind: string, sample: string): void {
    const failure = this.failures.get(kind) ?? { count: 0, samples: [] };
    failure.count++;
    if (failure.samples.length < SAMPLES_PER_FAILURE) failure.samples.push(sample.slice(0, 400));
    this.failures.set(kind, failure);
  }

  count(name: string, n = 1): void {
    this.tally.set(name, (this.tally.get(name) ?? 0) + n);
  }

  counted(name: string): number {
    return this.tally.get(name) ?? 0;
  }

  /** How many expected refusals' labels start with `prefix`. */
  expectedCount(prefix: string): number {
    let total = 0;
    for (const [label, count] of this.expected) if (label.startsWith(prefix)) total += count;
    return total;
  }

  failureCount(kind?: string): number {
    if (kind) return this.failures.get(kind)?.count ?? 0;
    return [...this.failures.values()].reduce((sum, failure) => sum + failure.count, 0);
  }

  percentile(p: number): number {
    if (this.latencies.length === 0) return 0;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }
}
