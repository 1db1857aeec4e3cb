import { useEffect, useRef } from 'react';

/**
 * Calls `advance` every `periodMs` while `running`. Pausing drops the pending tick, so after a pause the visitor gets a
 * whole period before the next page (product §4: resumed on leave or close, not skipped ahead).
 */
export function useAutoAdvance(advance: () => void, periodMs: number, running: boolean): void {
  const latest = useRef(advance);
  useEffect(() => {
    latest.current = advance;
  });
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => latest.current(), periodMs);
    return () => window.clearInterval(timer);
  }, [running, periodMs]);
}
