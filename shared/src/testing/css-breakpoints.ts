import { expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * The value a custom property such as `--per-page` takes at `width` in a style sheet made of one base rule and
 * `@media (min-width: Npx)` blocks (the form the carousels and the grid use): the last block whose width applies wins.
 */
function customPropertyAt(css: string, property: string, width: number): number {
  const declaration = new RegExp(`${property}:\\s*(\\d+)`);
  const [base, ...blocks] = css.split('@media');
  let value = Number(declaration.exec(base ?? '')?.[1]);
  for (const block of blocks) {
    const min = /^\s*\(min-width:\s*(\d+)px\)/.exec(block);
    const found = declaration.exec(block);
    if (min && found && width >= Number(min[1])) value = Number(found[1]);
  }
  return value;
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

/** Every `@media (min-width: Npx)` block's value of `property` and the slide number its controls rule looks for. */
function controlsRules(css: string, property: string): { perPage: number; secondPageFrom: number }[] {
  return css
    .split('@media')
    .slice(1)
    .flatMap((block) => {
      const perPage = new RegExp(`${property}:\\s*(\\d+)`).exec(block);
      const nth = /:nth-child\((\d+)\)\)\)\s*\[data-(?:carousel-)?controls/.exec(block) ?? /:nth-child\((\d+)\)/.exec(block);
      return perPage ? [{ perPage: Number(perPage[1]), secondPageFrom: Number(nth?.[1]) }] : [];
    });
}

/**
 * A carousel's style sheet agrees with its script's rule: at every probed width its `--per-page` is `perPage(width)`,
 * and its arrows show from exactly one slide more than a page holds.
 */
export function expectCarouselCss(css: string, perPage: (width: number) => number): void {
  expect(probeWidths.map((width) => customPropertyAt(css, '--per-page', width))).toEqual(probeWidths.map(perPage));
  for (const rule of controlsRules(css, '--per-page')) expect(rule.secondPageFrom).toBe(rule.perPage + 1);
}

/** Widths to compare a rule with its CSS at: every pixel around every breakpoint of the spec, phone to wide screen. */
export const probeWidths = [
  320, 375, 599, 600, 601, 768, 799, 800, 801, 959, 960, 1199, 1200, 1201, 1279, 1280, 1281, 1440, 1599, 1600, 1601, 1919, 1920,
  2560,
];
