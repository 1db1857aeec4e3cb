import { breakpoints } from '@gota/shared/contracts';
import { resizeDebounceMs, useWindowWidth } from '@gota/shared/ui';

/**
 * Share of the window width a dialog takes, by the breakpoints of product §2 "Dialogs" (700, 1000, 1100, 1300 px): full
 * width on a phone, then gradually narrower so that long forms keep a readable line length on wide screens.
 */
export function dialogRatio(width: number): number {
  if (width < breakpoints.dialog) return 1;
  if (width < 1000) return 0.92;
  if (width < 1100) return 0.86;
  if (width < 1300) return 0.8;
  return 0.75;
}

/** product §4: layout recomputation after a resize is debounced 100 ms, then applied after a further 100 ms. */
const resizeDelayMs = 100;

/**
 * The current ratio, recomputed 200 ms after the last resize (product §4's debounce plus its delay); null on the server
 * and in the render that hydrates, where no width is known (the dialogs are closed then anyway).
 */
export function useDialogRatio(): number | null {
  return useWindowWidth(dialogRatio, { debounceMs: resizeDebounceMs + resizeDelayMs });
}
