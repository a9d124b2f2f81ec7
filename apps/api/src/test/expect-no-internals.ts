import { expect } from 'vitest';

/** A response body must never carry a stack trace or SQL (docs/architecture.md §3). */
export function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\n\s+at /);
  expect(body).not.toMatch(/ {4}at /);
  expect(body).not.toMatch(/\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(FROM|INTO|SET|WHERE)\b/);
  expect(body).not.toMatch(/QueryFailedError|TypeORMError|ZodError|node_modules|\.ts:\d+/);
}
