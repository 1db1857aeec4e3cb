import { alertTiming, useSiteStore, type Alert } from '@gota/shared/store';
import { useCallback, useEffect, useRef } from 'react';

interface AlertClock {
  /** ms of its `time` already shown; counted in ticks, so a throttled background tab does not skip an alert unseen. */
  elapsed: number;
  tick?: ReturnType<typeof setInterval>;
  removal?: ReturnType<typeof setTimeout>;
}

function stop(clock: AlertClock): void {
  clearInterval(clock.tick);
  clearTimeout(clock.removal);
}

/**
 * The alert queue of product §4: the store only appends alerts; this hook runs their lives. Every shown alert advances its
 * progress each 100 ms, hides when its time is up and is removed 2000 ms later (the time its exit animation has).
 * An alert with an infinite `time` stays until it is closed. `pause`/`resume` hold an alert while the pointer or the
 * focus is on it, so it does not vanish while someone reads it (WCAG 2.2.1).
 */
export function useAlertTimers(alerts: readonly Alert[]): { pause: (id: number) => void; resume: (id: number) => void } {
  const clocks = useRef(new Map<number, AlertClock>());
  const paused = useRef(new Set<number>());

  useEffect(() => {
    const { updateAlert, removeAlert } = useSiteStore.getState();
    const present = new Set(alerts.map((alert) => alert.id));

    // alerts removed by someone else (the close button) take their timers with them
    for (const [id, clock] of clocks.current) {
      if (present.has(id)) continue;
      stop(clock);
      clocks.current.delete(id);
      paused.current.delete(id);
    }

    for (const alert of alerts) {
      let clock = clocks.current.get(alert.id);
      if (!clock) {
        clock = { elapsed: 0 };
        clocks.current.set(alert.id, clock);
      }
      const current = clock;
      if (alert.show && !current.tick && !current.removal && Number.isFinite(alert.time)) {
        const { id, time } = alert;
        current.tick = setInterval(() => {
          if (paused.current.has(id)) return;
          current.elapsed += alertTiming.tickMs;
          if (current.elapsed < time) {
            updateAlert(id, { progress: Math.min(100, (current.elapsed / time) * 100) });
            return;
          }
          clearInterval(current.tick);
          current.tick = undefined;
          updateAlert(id, { show: false, progress: 100 });
        }, alertTiming.tickMs);
      }
      if (!alert.show && !current.removal) {
        clearInterval(current.tick);
        current.tick = undefined;
        current.removal = setTimeout(() => removeAlert(alert.id), alertTiming.removalDelayMs);
      }
    }
  }, [alerts]);

  useEffect(() => {
    const all = clocks.current;
    return () => {
      all.forEach(stop);
      all.clear();
    };
  }, []);

  const pause = useCallback((id: number) => {
    paused.current.add(id);
  }, []);
  const resume = useCallback((id: number) => {
    paused.current.delete(id);
  }, []);
  return { pause, resume };
}
