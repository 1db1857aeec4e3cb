import { useSyncExternalStore } from 'react';

// Issue #16 row 2: over a wide dialog the top-right stack sat on the dialog's 'Cerrar' button, and clicks landed on the
// alert. While a dialog is open its alerts show inside it, in a slot under its title that takes room in the layout,
// so an alert never covers one of its controls. Dialogs can stack (the privacy notice over the company form): the
// newest open one holds the alerts.
let slots: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly HTMLElement[]): void {
  slots = next;
  listeners.forEach((listener) => listener());
}

/**
 * Ref callback for the element a dialog keeps for alerts; returns the cleanup React 19 runs when it unmounts.
 *
 * @example
 * <div ref={alertSlotRef} />
 */
export function alertSlotRef(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  publish([...slots, element]);
  return () => publish(slots.filter((slot) => slot !== element));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The slot of the newest open dialog, or null (always null on the server: no dialog is open in a first render). */
export function useAlertSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slots.at(-1) ?? null,
    () => null,
  );
}
