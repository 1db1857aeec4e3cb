import { expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { perPageWidths } from '../ui/carousel/per-page';

/** The repository's root, seen from here (shared/src/testing). */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function styleSheetsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : styleSheetsUnder(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Every style sheet in the sources of shared, the shell and the remotes (for the tests that check them all). */
export function appStyleSheets(): string[] {
  const apps = readdirSync(repositoryRoot).filter((name) => name === 'shared' || name === 'shell' || name.startsWith('mf-'));
  return apps.flatMap((app) => styleSheetsUnder(join(repositoryRoot, app, 'src')));
}

/** The text of the CSS file `name` next to the test whose `import.meta.url` is `testUrl`. */
export function readCss(testUrl: string, name: string): string {
  return readFileSync(join(dirname(fileURLToPath(testUrl)), name), 'utf8');
}

/**
 * The columns a class composing the shared `gridList` recipe has at `width`: its `--columns-N` of the largest N not
 * above the width, else its `--columns`, else 1 (the recipe's rule, layout.module.css, whose own widths are checked in
 * shared/src/ui/layout/layout.test.ts).
 */
export function gridColumnsAt(css: string, width: number): number {
  let value = Number(/--columns:\s*(\d+)/.exec(css)?.[1] ?? 1);
  for (const [, at, count] of css.matchAll(/--columns-(\d+):\s*(\d+)/g)) if (width >= Number(at)) value = Number(count);
  return value;
}

/**
 * A carousel's rule of slides a page changes only at the widths of the shared carousel table (perPageWidths), so the
 * table gives it at every probed width: the count of the table's last width not above it.
 */
export function expectRuleOnCarouselTable(perPage: (width: number) => number): void {
  const tableAt = (width: number) => perPage(perPageWidths.filter((from) => from <= width).at(-1) ?? 0);
  expect(probeWidths.map(tableAt)).toEqual(probeWidths.map(perPage));
}

/** Widths to compare a rule with its CSS at: every pixel around every breakpoint of the spec, phone to wide screen. */
export const probeWidths = [
  320, 375, 599, 600, 601, 768, 799, 800, 801, 959, 960, 1199, 1200, 1201, 1279, 1280, 1281, 1440, 1599, 1600, 1601, 1919, 1920,
  2560,
];
