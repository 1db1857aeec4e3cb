import { describe, expect, it } from 'vitest';
import { probeWidths, readCss } from '../../testing/css-breakpoints';
import { perPageLayout, perPageWidths, type PerPageLayout } from './per-page';

const css = readCss(import.meta.url, 'carousel.module.css');

/** The rows of the style sheet's table: each `@media (min-width: Npx)` block's --per-page and its controls' attribute. */
function tableRows(): { from: number; perPage: string; hidesFrom: string }[] {
  return [
    ...css.matchAll(
      /@media \(min-width: (\d+)px\) \{\s*\.root \{\s*--per-page: var\(([^)]+)\);\s*\}\s*\.root\[data-one-page-from='(\d+)'\]/g,
    ),
  ].map(([, from, perPage, hidesFrom]) => ({ from: Number(from), perPage: perPage ?? '', hidesFrom: hidesFrom ?? '' }));
}

/** The table's chain: each `--per-page-N` reads the root's `--per-page-at-…`, else the row before it, else a number. */
const chain = new Map(
  [...css.matchAll(/(--per-page-\d+): var\((--per-page-at-\d+), (?:var\((--per-page-\d+)\)|(\d+))\)/g)].map(
    ([, name, at, previous, base]) => [name, { at: at ?? '', previous, base: Number(base) }],
  ),
);

/** What the style sheet gives a root with `layout` at `width`: its --per-page, and whether its controls are hidden. */
function laidOutAt({ style, 'data-one-page-from': onePageFrom }: PerPageLayout, width: number) {
  const given = style as Record<string, number>;
  const resolve = (name: string): number => {
    const link = chain.get(name);
    if (!link) throw new Error(`${name} is not in the table`);
    return given[link.at] ?? (link.previous ? resolve(link.previous) : link.base);
  };
  const applying = tableRows().filter((row) => row.from <= width);
  const base = /\.root \{[^}]*--per-page: var\(([^)]+)\);/.exec(css)?.[1] ?? '';
  const perPage = resolve(applying.at(-1)?.perPage ?? base);
  const hidden = onePageFrom === '0' || applying.some((row) => row.hidesFrom === onePageFrom);
  return { perPage, hidden };
}

describe('the shared table of slides a page', () => {
  it('has one row for each width of perPageWidths, which sets that width’s count and hides the controls from it', () => {
    expect([0, ...tableRows().map((row) => row.from)]).toEqual([...perPageWidths]);
    for (const row of tableRows())
      expect(row).toEqual({ from: row.from, perPage: `--per-page-${row.from}`, hidesFrom: String(row.from) });
    expect(css).toMatch(/\.root\[data-one-page-from='0'\] \[data-carousel-controls\] \{\s*display: none;/);
  });

  const rules = {
    allies: (width: number) => (width > 1600 ? 6 : width > 1200 ? 5 : width > 800 ? 4 : width > 600 ? 2 : 1),
    facts: (width: number) => (width < 960 ? 1 : width < 1280 ? 2 : width < 1920 ? 3 : 4),
    stories: (width: number) => (width > 1280 ? 4 : width > 600 ? 3 : 1),
  };

  it.each(Object.entries(rules))(
    'lays the %s rule out at every width, and shows the controls only with a second page',
    (_, rule) => {
      for (const count of [1, 2, 3, 4, 5, 6, 7, 12]) {
        const layout = perPageLayout(count, rule);
        expect(probeWidths.map((width) => laidOutAt(layout, width))).toEqual(
          probeWidths.map((width) => ({ perPage: rule(width), hidden: count <= rule(width) })),
        );
      }
    },
  );

  it('puts on the root only the widths where the count changes, and no attribute where a second page always exists', () => {
    expect(perPageLayout(7, rules.stories)).toEqual({ style: { '--per-page-at-601': 3, '--per-page-at-1281': 4 } });
    expect(perPageLayout(3, rules.stories)).toEqual({
      style: { '--per-page-at-601': 3, '--per-page-at-1281': 4 },
      'data-one-page-from': '601',
    });
  });
});
