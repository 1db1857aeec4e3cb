import { useEffect, useState } from 'react';

/**
 * Share of the window width a dialog takes, by the breakpoints of product §2 "Dialogs" (700, 1000, 1100, 1300 px): full
 * width on a phone, then gradually narrower so that long forms keep a readable line length on wide screens.
 */
export function dialogRatio(width: number): number {
  if (width < 700) return 1;
  if (width < 1000) return 0.92;
  if (width < 1100) return 0.86;
  if (width < 1300) return 0.8;
  return 0.75;
}

/** product §4: layout recomputation after a resize is debounced 100 ms, then applied after a further 100 ms. */
export const resizeDebounceMs = 100;
export const resizeDelayMs = 100;

/**
 * The current ratio, recomputed when the window is resized; null until the component has mounted (on the server, and
 * in the render that hydrates, there is no window to measure: the dialogs are closed then anyway).
 */
export function useDialogRatio(): number | null {
  const [ratio, setRatio] = useState<number | null>(null);
  useEffect(() => {
    setRatio(dialogRatio(window.innerWidth));
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let delay: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(debounce);
      clearTimeout(delay);
      debounce = setTimeout(() => {
        delay = setTimeout(() => setRatio(dialogRatio(window.innerWidth)), resizeDelayMs);
      }, resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(debounce);
      clearTimeout(delay);
    };
  }, []);
  return ratio;
}
