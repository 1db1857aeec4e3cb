/** Allies logos per page by window width (SPEC §9): over 1600 px 6, over 1200 5, over 800 4, over 600 2, otherwise 1. */
export function logosPerPage(width: number): number {
  if (width > 1600) return 6;
  if (width > 1200) return 5;
  if (width > 800) return 4;
  if (width > 600) return 2;
  return 1;
}

/** What the carousel shows before it has measured the window (SPEC §9). */
export const unmeasuredLogosPerPage = 3;

/** Auto-advance period of the allies carousel (SPEC §4). */
export const autoAdvanceMs = 6000;

/** Under this width a logo opens its popup on click rather than on hover (SPEC §2). */
export const clickPopupWidth = 600;

/** Splits the list into pages of `size`; the last page may be shorter. */
export function toPages<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages;
}

/** Page index with wrap-around in both directions (SPEC §4). */
export function wrapPage(index: number, pageCount: number): number {
  if (pageCount <= 0) return 0;
  return ((index % pageCount) + pageCount) % pageCount;
}
