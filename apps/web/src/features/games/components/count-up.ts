import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../hooks';

/**
 * Counts from `from` to `to` in `durationMs` (the limbo result). Purely visual: the balance has
 * already been updated from the bet's answer when this starts.
 */
export function useCountUp(
  to: number | undefined,
  from: number,
  durationMs: number,
  key: unknown,
): number | undefined {
  const [value, setValue] = useState(to);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new bet (key) replays the count even with the same result.
  useEffect(() => {
    if (to === undefined) return;
    if (prefersReducedMotion() || durationMs <= 0) {
      setValue(to);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / durationMs);
      // Ease out: fast at first, settling on the result.
      const eased = 1 - (1 - progress) ** 3;
      setValue(from + (to - from) * eased);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [to, from, durationMs, key]);
  return value;
}
