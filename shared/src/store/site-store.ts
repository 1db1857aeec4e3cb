import { create } from 'zustand';
import { createAlertsSlice, type AlertsSlice } from './alerts-slice';
import { createBackgroundsSlice, type BackgroundsSlice } from './backgrounds-slice';
import { createDialogsSlice, type DialogsSlice } from './dialogs-slice';
import { createNavigationSlice, type NavigationSlice } from './navigation-slice';
import { createOverlaySlice, type OverlaySlice } from './overlay-slice';
import { createThemeSlice, type ThemeSlice } from './theme-slice';

export type SiteStore = ThemeSlice & AlertsSlice & OverlaySlice & DialogsSlice & BackgroundsSlice & NavigationSlice;

/**
 * The one client store of the site. It lives in `@gota/shared`, which every app shares as a federation singleton, so the
 * shell and the remotes see the same state (never expose it from the shell: that makes a second copy).
 */
export const useSiteStore = create<SiteStore>()((...args) => ({
  ...createThemeSlice(...args),
  ...createAlertsSlice(...args),
  ...createOverlaySlice(...args),
  ...createDialogsSlice(...args),
  ...createBackgroundsSlice(...args),
  ...createNavigationSlice(...args),
}));
