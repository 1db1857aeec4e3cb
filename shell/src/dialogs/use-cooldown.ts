import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds: `start(n)` locks for n seconds, `seconds` counts down once a second, 0 means unlocked.
 * Counted from the clock, not from the ticks, so a throttled background tab still unlocks on time.
 */
export function useCooldown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const tick = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(tick);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);

  const seconds = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { seconds, locked: seconds > 0, start };
}
