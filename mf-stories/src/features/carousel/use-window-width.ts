import { useEffect, useState } from 'react';

/** Resize recomputation is debounced (SPEC §4: 100 ms) so dragging a window edge does not re-render on every pixel. */
export const resizeDebounceMs = 100;

function currentWidth(): number {
  return typeof window === 'undefined' ? 1280 : window.innerWidth;
}

/** The window's inner width, updated 100 ms after the last resize. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(currentWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(currentWidth()), resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}

/** True when the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}
