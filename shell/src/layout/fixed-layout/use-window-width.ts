import { useEffect, useState } from 'react';

/** SPEC §4: layout recomputation on resize is debounced by 100 ms. */
export const resizeDebounceMs = 100;

/** The window's inner width, updated once the window has stopped resizing for `debounceMs`. */
export function useWindowWidth(debounceMs = resizeDebounceMs): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : window.innerWidth));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), debounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [debounceMs]);

  return width;
}
