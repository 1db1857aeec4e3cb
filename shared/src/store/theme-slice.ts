import type { StateCreator } from 'zustand';
import { themeStorageKey } from '../contracts/site';
import type { SiteStore } from './site-store';

export { themeStorageKey };

export interface ThemeSlice {
  isDark: boolean;
  setDark: (isDark: boolean) => void;
  toggleTheme: () => void;
  /**
   * Takes the stored choice into the store. Called once the page is live: the first render is the server's, which
   * cannot know the choice, so it starts light (the document's inline script has already painted the right theme).
   */
  loadStoredTheme: () => void;
}

/** Reads the stored theme; light is the default, and a browser without storage stays light. */
export function readStoredTheme(): boolean {
  try {
    return globalThis.localStorage?.getItem(themeStorageKey) === 'true';
  } catch {
    return false;
  }
}

function applyTheme(isDark: boolean): void {
  try {
    globalThis.localStorage?.setItem(themeStorageKey, String(isDark));
  } catch {
    // private mode or storage disabled: the theme still applies for this page
  }
  if (typeof document !== 'undefined') {
    document.body.classList.toggle('dark', isDark);
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  }
}

export const createThemeSlice: StateCreator<SiteStore, [], [], ThemeSlice> = (set, get) => ({
  isDark: false,
  loadStoredTheme: () => set({ isDark: readStoredTheme() }),
  setDark: (isDark) => {
    applyTheme(isDark);
    set({ isDark });
  },
  toggleTheme: () => get().setDark(!get().isDark),
});
