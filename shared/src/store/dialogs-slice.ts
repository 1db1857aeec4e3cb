import type { StateCreator } from 'zustand';
import type { SiteStore } from './site-store';

export interface DialogsSlice {
  contactForm: boolean;
  empresaForm: boolean;
  privacyDialog: boolean;
  /** The search dialog of the top bar (issue #34). */
  searchDialog: boolean;
  /** Opens or closes the contact registration dialog. (The original brief wrote the company flag here: fixed, product §10.2.) */
  setContactForm: (open: boolean) => void;
  setEmpresaForm: (open: boolean) => void;
  setPrivacyDialog: (open: boolean) => void;
  setSearchDialog: (open: boolean) => void;
}

export const createDialogsSlice: StateCreator<SiteStore, [], [], DialogsSlice> = (set) => ({
  contactForm: false,
  empresaForm: false,
  privacyDialog: false,
  searchDialog: false,
  setContactForm: (contactForm) => set({ contactForm }),
  setEmpresaForm: (empresaForm) => set({ empresaForm }),
  setPrivacyDialog: (privacyDialog) => set({ privacyDialog }),
  setSearchDialog: (searchDialog) => set({ searchDialog }),
});
