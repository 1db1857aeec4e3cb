import type { CSSProperties } from 'react';

/**
 * The widths (px, "from") at which carousel.module.css's table of slides a page can switch: every width the carousels'
 * product rules change at (the allies' and the stories' "over N" is N+1 here, the facts' "from N" is N). A rule that
 * changes at another width needs its row in the style sheet first; per-page.test.ts holds the two together.
 */
export const perPageWidths = [0, 601, 801, 960, 1201, 1280, 1281, 1601, 1920] as const;

/** What a carousel's root carries for the shared table: its count at each width, and where every slide fits on one page. */
export interface PerPageLayout {
  style: CSSProperties;
  'data-one-page-from'?: string;
}

/**
 * The root attributes that lay a carousel of `count` slides out with `perPageAt` (slides a page by window width), the
 * same at every width so that the server's HTML serves every screen: `--per-page-at-N` where the count changes at N (a
 * width keeps the count before it; 1 below the first), and `data-one-page-from`, the first width of the table from which
 * every slide fits on one page — from there the style sheet hides the controls.
 */
export function perPageLayout(count: number, perPageAt: (width: number) => number): PerPageLayout {
  const style: Record<string, number> = {};
  let before = 1;
  for (const width of perPageWidths) {
    const perPage = perPageAt(width);
    if (perPage !== before) style[`--per-page-at-${width}`] = perPage;
    before = perPage;
  }
  const onePageFrom = perPageWidths.find((width, index) =>
    perPageWidths.slice(index).every((later) => perPageAt(later) >= count),
  );
  return { style, ...(onePageFrom === undefined ? {} : { 'data-one-page-from': String(onePageFrom) }) };
}
