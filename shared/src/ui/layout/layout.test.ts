import { describe, expect, it } from 'vitest';
import { readCss } from '../../testing/css-breakpoints';

const css = readCss(import.meta.url, 'layout.module.css');
const widths = [600, 960, 1280, 1920];

describe('the grid list recipe', () => {
  it('switches its column count at each of the widths the callers name, and at no other', () => {
    const switches = [
      ...css.matchAll(
        /@media \(min-width: (\d+)px\) \{\s*\.gridList \{\s*--grid-columns: var\(--grid-columns-(\d+)\);\s*\}\s*\}/g,
      ),
    ];
    expect(switches.map(([, width, count]) => [Number(width), Number(count)])).toEqual(widths.map((width) => [width, width]));
    expect([...css.matchAll(/@media \(min-width: (\d+)px\)/g)]).toHaveLength(widths.length);
  });

  it('keeps the count of the width below where a caller leaves a width out, down to --columns and 1', () => {
    expect(css).toContain('--grid-columns-600: var(--columns-600, var(--columns, 1));');
    for (const [below, width] of widths.slice(1).map((width, index) => [widths[index], width])) {
      expect(css).toContain(`--grid-columns-${width}: var(--columns-${width}, var(--grid-columns-${below}));`);
    }
    expect(css).toContain('grid-template-columns: repeat(var(--grid-columns, var(--columns, 1)), minmax(0, 1fr));');
  });
});
