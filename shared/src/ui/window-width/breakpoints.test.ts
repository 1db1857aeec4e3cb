import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakpoints } from '../../contracts';
import { appStyleSheets, repositoryRoot } from '../../testing/css-breakpoints';

/** The table width a media query's number stands for: N (from N), N+1 (above N), N−0.02 or N−1 (below N). */
function tableWidth(kind: 'min' | 'max', value: number): number | undefined {
  const widths: number[] = Object.values(breakpoints);
  const candidates = kind === 'min' ? [value, value - 1] : [value + 0.02, value + 1];
  return candidates.map((width) => Math.round(width * 100) / 100).find((width) => widths.includes(width));
}

describe('breakpoints', () => {
  it('are in ascending order', () => {
    const widths = Object.values(breakpoints);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
  });

  it('are the only widths the style sheets switch at', () => {
    const sheets = appStyleSheets();
    expect(sheets.length).toBeGreaterThan(20);
    const strays: string[] = [];
    for (const sheet of sheets) {
      for (const media of readFileSync(sheet, 'utf8').matchAll(/@media[^{]*/g)) {
        for (const [, kind, value] of media[0].matchAll(/(min|max)-width:\s*([\d.]+)px/g)) {
          if (tableWidth(kind as 'min' | 'max', Number(value)) === undefined)
            strays.push(`${relative(repositoryRoot, sheet)}: ${media[0].trim()}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});
