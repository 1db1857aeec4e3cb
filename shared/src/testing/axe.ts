import type { RunOptions } from 'axe-core';

/**
 * For a part of a page: jsdom cannot lay out a page, so axe cannot judge colour contrast there, and a lone component
 * is outside any landmark; e2e checks both on the real pages.
 */
export const axeOptions: RunOptions = { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } };

/** For a whole page rendered with its landmarks: only the colour contrast is left to e2e. */
export const pageAxeOptions: RunOptions = { rules: { 'color-contrast': { enabled: false } } };
