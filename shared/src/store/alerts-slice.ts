import type { StateCreator } from 'zustand';
import type { SiteStore } from './site-store';

export type AlertType = 'info' | 'success' | 'warning' | 'error';
export type AlertPositionX = 'left' | 'center' | 'right';
export type AlertPositionY = 'top' | 'bottom';

/** What a caller gives to show an alert (product §3 "Alert"). */
export interface AlertInput {
  type?: AlertType;
  title?: string;
  subtitle?: string;
  /** Lines shown as a scrollable list (the 'Atención' alert of product §8). Plain text, never HTML. */
  list?: string[];
  closable?: boolean;
  positionX?: AlertPositionX;
  positionY?: AlertPositionY;
  /** How long it shows, in ms. */
  time?: number;
}

export interface Alert extends Required<Omit<AlertInput, 'list'>> {
  id: number;
  list: string[];
  show: boolean;
  /** 0–100: how much of its time has passed. */
  progress: number;
}

const alertDefaults = {
  type: 'info',
  positionX: 'right',
  positionY: 'top',
  closable: false,
  time: 5000,
} as const;

/** Alert timing of product §9. */
export const alertTiming = { tickMs: 100, removalDelayMs: 2000 } as const;

export interface AlertsSlice {
  alerts: Alert[];
  /** Queues an alert and returns its id. */
  addAlert: (input: AlertInput) => number;
  updateAlert: (id: number, patch: Partial<Pick<Alert, 'show' | 'progress'>>) => void;
  removeAlert: (id: number) => void;
}

let nextId = 1;

export const createAlertsSlice: StateCreator<SiteStore, [], [], AlertsSlice> = (set) => ({
  alerts: [],
  addAlert: (input) => {
    const id = nextId++;
    const alert: Alert = {
      ...alertDefaults,
      title: '',
      subtitle: '',
      ...input,
      list: input.list ?? [],
      id,
      show: true,
      progress: 0,
    };
    set((state) => ({ alerts: [...state.alerts, alert] }));
    return id;
  },
  updateAlert: (id, patch) =>
    set((state) => ({ alerts: state.alerts.map((alert) => (alert.id === id ? { ...alert, ...patch } : alert)) })),
  removeAlert: (id) => set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) })),
});
