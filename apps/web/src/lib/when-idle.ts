/**
 * Work that can wait until the page has drawn: code a screen does not need for its first paint (the
 * toasts' view, the account menu) loads once the browser is idle, or after `timeoutMs` at the latest,
 * so it does not compete with the screen's own code on a slow phone (docs/accessibility.md, "Phones").
 */
import { useEffect, useState } from 'react';

/** Runs `callback` when the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, timeoutMs);
  return () => window.clearTimeout(timer);
}

/** False until the browser has been idle once since the component mounted (or `timeoutMs` passed). */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true), timeoutMs)), [idle, timeoutMs]);
  return idle;
}
