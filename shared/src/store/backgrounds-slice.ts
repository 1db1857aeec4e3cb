import type { StateCreator } from 'zustand';
import type { Background } from '../contracts/page';
import type { SiteStore } from './site-store';

export interface BackgroundsSlice {
  backgrounds: Background[];
  setBackgrounds: (backgrounds: Background[]) => void;
}

export const createBackgroundsSlice: StateCreator<SiteStore, [], [], BackgroundsSlice> = (set) => ({
  backgrounds: [],
  setBackgrounds: (backgrounds) => set({ backgrounds }),
});

/** The background for a window width: the one with the largest `minWidth` not above it. */
export function backgroundForWidth(backgrounds: readonly Background[], width: number): Background | undefined {
  let best: Background | undefined;
  for (const background of backgrounds) {
    if (background.minWidth <= width && (!best || background.minWidth > best.minWidth)) best = background;
  }
  return best;
}
