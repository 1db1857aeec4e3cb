import type { StateCreator } from 'zustand';
import type { SiteStore } from './site-store';

/** A navigation reply that was not a page object (product §8): shown full screen so a developer sees what came back. */
interface InvalidReply {
  /** HTML of the reply (shown sandboxed) or plain text. */
  content: string;
  isHtml: boolean;
}

export interface NavigationSlice {
  invalidReply: InvalidReply | null;
  setInvalidReply: (reply: InvalidReply | null) => void;
}

export const createNavigationSlice: StateCreator<SiteStore, [], [], NavigationSlice> = (set) => ({
  invalidReply: null,
  setInvalidReply: (invalidReply) => set({ invalidReply }),
});
