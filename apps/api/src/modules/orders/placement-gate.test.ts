import { describe, expect, it } from 'vitest';
import { Gate } from './placement-gate';

describe('the placement gate', () => {
  it('runs at most `limit` at once, the others in arrival order, and passes on failures', async () => {
    const gate = new Gate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number) =>
      gate.run(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (n === 3) throw new Error('refused');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(work));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(gate.queued).toBe(0);
    // Free again: the next one starts at once.
    expect(await work(7)).toBe(7);
  });
});
