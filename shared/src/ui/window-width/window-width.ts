import { useSyncExternalStore } from 'react';

/** product §4: what depends on the window's width is recomputed 100 ms after the last resize. */
export const resizeDebounceMs = 100;

function subscribeWithDebounce(debounceMs: number) {
  return (onChange: () => void): (() => void) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(onChange, debounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  };
}

const subscriptions = new Map<number, (onChange: () => void) => () => void>();

/** One subscribe function per delay, so React does not resubscribe on every render. */
function subscription(debounceMs: number) {
  let subscribe = subscriptions.get(debounceMs);
  if (!subscribe) {
    subscribe = subscribeWithDebounce(debounceMs);
    subscriptions.set(debounceMs, subscribe);
  }
  return subscribe;
}

const unmeasured = () => null;

export interface WindowWidthOptions {
  /** How long the window must stop resizing before the value is recomputed; product §4's 100 ms by default. */
  debounceMs?: number;
}

/**
 * What `rule` makes of the window's width: a number of items per page, a dialog's share of the width... `rule` must
 * return a primitive (React compares snapshots with `Object.is`). `null` on the server and in the render that hydrates,
 * where no width is known, so the first browser render equals the server's; the measured value comes in the render
 * after (architecture §7, trap 9). Layout by width stays CSS (decision 014): this only refines what CSS cannot do, and
 * `rule` uses the widths of `breakpoints` (`@gota/shared/contracts`), which the CSS media queries repeat.
 *
 * @example
 * const perPage = useWindowWidth((width) => (width > breakpoints.lg ? 4 : 1));
 */
export function useWindowWidth<T extends string | number | boolean>(
  rule: (width: number) => T,
  { debounceMs = resizeDebounceMs }: WindowWidthOptions = {},
): T | null {
  return useSyncExternalStore(subscription(debounceMs), () => rule(window.innerWidth), unmeasured);
}
