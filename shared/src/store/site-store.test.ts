import { beforeEach, describe, expect, it } from 'vitest';
import { backgroundForWidth } from './backgrounds-slice';
import { resetStore } from '../testing/store';
import { useSiteStore } from './site-store';
import { readStoredTheme, themeStorageKey } from './theme-slice';

beforeEach(resetStore);

describe('theme', () => {
  it('stores the choice as "true"/"false" under localIsDark and toggles the body class', () => {
    useSiteStore.getState().toggleTheme();
    expect(useSiteStore.getState().isDark).toBe(true);
    expect(localStorage.getItem(themeStorageKey)).toBe('true');
    expect(document.body.classList.contains('dark')).toBe(true);
    useSiteStore.getState().toggleTheme();
    expect(localStorage.getItem('localIsDark')).toBe('false');
    expect(document.body.classList.contains('dark')).toBe(false);
  });

  it('defaults to light', () => {
    expect(readStoredTheme()).toBe(false);
  });

  it('starts light whatever is stored, as the server renders it, and takes the stored choice when asked', () => {
    localStorage.setItem(themeStorageKey, 'true');
    expect(useSiteStore.getState().isDark).toBe(false);
    useSiteStore.getState().loadStoredTheme();
    expect(useSiteStore.getState().isDark).toBe(true);
    localStorage.removeItem(themeStorageKey);
  });
});

describe('dialogs', () => {
  it('each action sets its own flag (the original wrote the company flag from the contact action)', () => {
    useSiteStore.getState().setContactForm(true);
    expect(useSiteStore.getState()).toMatchObject({ contactForm: true, empresaForm: false });
    useSiteStore.getState().setEmpresaForm(true);
    useSiteStore.getState().setContactForm(false);
    expect(useSiteStore.getState()).toMatchObject({ contactForm: false, empresaForm: true });
    useSiteStore.getState().setPrivacyDialog(true);
    expect(useSiteStore.getState().privacyDialog).toBe(true);
  });
});

describe('alerts', () => {
  it('queues alerts with the defaults of product §3 and removes them by id', () => {
    const first = useSiteStore.getState().addAlert({ title: 'Hola' });
    const second = useSiteStore.getState().addAlert({ title: 'Error', type: 'error', closable: true, time: 2500 });
    expect(useSiteStore.getState().alerts).toEqual([
      expect.objectContaining({
        id: first,
        type: 'info',
        positionX: 'right',
        positionY: 'top',
        closable: false,
        time: 5000,
        show: true,
        progress: 0,
      }),
      expect.objectContaining({ id: second, type: 'error', closable: true, time: 2500 }),
    ]);
    useSiteStore.getState().updateAlert(first, { progress: 50 });
    expect(useSiteStore.getState().alerts[0]?.progress).toBe(50);
    useSiteStore.getState().removeAlert(first);
    expect(useSiteStore.getState().alerts.map((alert) => alert.id)).toEqual([second]);
  });
});

describe('overlay', () => {
  it('falls back to size 80 and "Cargando..."', () => {
    useSiteStore.getState().setOverlay(true);
    expect(useSiteStore.getState().overlay).toEqual({ value: true, size: 80, text: 'Cargando...' });
    useSiteStore.getState().setOverlay(true, { text: 'Enviando...', size: 40 });
    expect(useSiteStore.getState().overlay).toEqual({ value: true, size: 40, text: 'Enviando...' });
  });
});

describe('backgrounds', () => {
  it('picks the widest breakpoint not above the window width', () => {
    const backgrounds = [
      { minWidth: 800, path: '/escritorio.svg' },
      { minWidth: 0, path: '/movil.svg' },
    ];
    expect(backgroundForWidth(backgrounds, 375)?.path).toBe('/movil.svg');
    expect(backgroundForWidth(backgrounds, 800)?.path).toBe('/escritorio.svg');
    expect(backgroundForWidth([], 800)).toBeUndefined();
  });
});
