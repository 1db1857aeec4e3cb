import { useEffect, useState } from 'react';

/** product §4 and §9: each counter runs 0 → target in 2000 ms, one step every 16 ms. */
const countDurationMs = 2000;
const countStepMs = 16;
const steps = Math.ceil(countDurationMs / countStepMs);

/**
 * Counts from 0 to `target` while `active`, and back to 0 (at once) when it stops being active. Each tick shows the
 * step the clock has reached, so a busy phone that runs the timer late still ends on time, and the last step lands
 * exactly on the target. `progress` (0..1) drives the circular indicator.
 * Until `active` is known (null: on the server, and in the render that hydrates) it shows the target, which is what a
 * reader without JavaScript needs.
 */
export function useCountUp(target: number, active: boolean | null, instant = false) {
  const [step, setStep] = useState(steps);
  useEffect(() => {
    if (active === null) return;
    if (!active) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the reset belongs to the same change of `active` as the clock below, which only an effect may start
      setStep(0);
      return;
    }
    if (instant) {
      setStep(steps);
      return;
    }
    setStep(0);
    const start = Date.now();
    const timer = setInterval(() => {
      const reached = Math.min(steps, Math.floor((Date.now() - start) / countStepMs));
      if (reached >= steps) clearInterval(timer);
      setStep(reached);
    }, countStepMs);
    return () => clearInterval(timer);
  }, [active, instant]);
  const progress = step / steps;
  return { value: step === steps ? target : target * progress, progress };
}

export interface CounterFormat {
  prefix?: string;
  suffix?: string;
  /** Decimal places shown, also while counting (the litres counter shows one). */
  decimals?: number;
}

export function formatCount(value: number, { prefix = '', suffix = '', decimals = 0 }: CounterFormat): string {
  const number = decimals > 0 ? value.toFixed(decimals) : String(Math.round(value));
  return `${prefix}${number}${suffix}`;
}
