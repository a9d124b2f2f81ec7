import { useCallback, useEffect, useRef, useState } from 'react';
import { SIMULATED_DELAY_MS } from './account-validation';

/**
 * The password flows make no server call (docs/product.md §7): a request is a 2000 ms wait (docs/product.md §9). `run`
 * resolves when the wait is over; if the screen is left first it never resolves, so nothing updates
 * an unmounted screen.
 */
export function useSimulatedRequest(delayMs = SIMULATED_DELAY_MS) {
  const [pending, setPending] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const run = useCallback(
    () =>
      new Promise<void>((resolve) => {
        setPending(true);
        timer.current = window.setTimeout(() => {
          setPending(false);
          resolve();
        }, delayMs);
      }),
    [delayMs],
  );
  return { pending, run };
}
