import { breakpoints } from '@gota/shared/contracts';

/**
 * Allies logos per page by window width (product §9): over 1600 px 6, over 1200 5, over 800 4, over 600 2, otherwise 1.
 * The shared carousel table lays the logos out from this rule (perPageLayout: the CSS knows the width before any script, so
 * the "3 before measuring" of the old client-only carousel no longer exists).
 */
export function logosPerPage(width: number): number {
  if (width > breakpoints.lgPlus) return 6;
  if (width > breakpoints.mdPlus) return 5;
  if (width > breakpoints.smPlus) return 4;
  if (width > breakpoints.sm) return 2;
  return 1;
}

/** Auto-advance period of the allies carousel (product §4). */
export const autoAdvanceMs = 6000;

/** Under this width a logo opens its popup on click rather than on hover (product §2). */
export const clickPopupWidth = breakpoints.sm;
