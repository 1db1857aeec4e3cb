import { useSyncExternalStore } from 'react';

/** The one place the site writes this media query (product §4: motion stops or shortens when the visitor asks). */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * True when the visitor asked the system for less motion, read now. For code that runs after hydration (an effect, an
 * event handler); a render reads `useReducedMotion()` instead. False where there is no `matchMedia` (old browsers, tests).
 */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.(reducedMotionQuery).matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(reducedMotionQuery);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const onServer = () => false;

/**
 * True when the visitor asks for less motion, and it follows a change of the setting. False on the server and in the
 * render that hydrates, so the first browser render equals the server's; the real value comes in the render after
 * (architecture §7, trap 9).
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, onServer);
}
