import type { StateCreator } from 'zustand';
import type { SiteStore } from './site-store';

export interface Overlay {
  value: boolean;
  size: number;
  text: string;
}

export const overlayDefaults: Overlay = { value: false, size: 80, text: 'Cargando...' };

export interface OverlaySlice {
  overlay: Overlay;
  /** Shows or hides the global overlay; size and text fall back to the defaults of product §9. */
  setOverlay: (value: boolean, options?: Partial<Omit<Overlay, 'value'>>) => void;
}

export const createOverlaySlice: StateCreator<SiteStore, [], [], OverlaySlice> = (set) => ({
  overlay: overlayDefaults,
  setOverlay: (value, options) => set({ overlay: { ...overlayDefaults, ...options, value } }),
});
