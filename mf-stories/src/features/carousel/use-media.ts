import { useSyncExternalStore } from 'react';

/** Resize recomputation is debounced (product §4: 100 ms) so dragging a window edge does not re-render on every pixel. */
export const resizeDebounceMs = 100;

function subscribeToResize(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, resizeDebounceMs);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}

const unmeasured = () => null;

/**
 * How many items a page holds at the current window width, by `rule` (the same breakpoints as the component's CSS, which
 * does the layout). `null` on the server and while hydrating, where no width is known: the first render in the browser
 * equals the server's, and the measured value arrives in the render right after (architecture §7, trap 9).
 */
export function usePerPage(rule: (width: number) => number): number | null {
  return useSyncExternalStore(subscribeToResize, () => rule(window.innerWidth), unmeasured);
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(reducedMotionQuery);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True when the visitor asked the system for less motion; false on the server and while hydrating. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia?.(reducedMotionQuery).matches ?? false,
    () => false,
  );
}
