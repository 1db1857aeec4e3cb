import { useSyncExternalStore } from 'react';
import { logosPerPage } from './carousel-rules';

// This remote deploys alone against whatever @gota/shared the host provides, so these small hooks live here rather
// than as new exports of the shared package (mf-stories keeps its own for the same reason).

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const unmeasured = () => null;

/**
 * Logos per page at the current window width (the same breakpoints as allies-carousel.module.css, which does the
 * layout). `null` on the server and while hydrating: the first render in the browser equals the server's, and the
 * measured value arrives in the render right after (architecture §7, trap 9).
 */
export function useLogosPerPage(): number | null {
  return useSyncExternalStore(subscribeToResize, () => logosPerPage(window.innerWidth), unmeasured);
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
