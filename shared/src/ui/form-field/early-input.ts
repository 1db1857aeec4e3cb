import { useCallback, useLayoutEffect, useRef, type Ref, type RefCallback } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what a visitor typed before the page hydrated (decision 064: one of the two things replayed before hydration).
 * The server's HTML has working inputs, so a quick visitor (or the browser's autofill) may fill them while the scripts
 * load; React hydrates without touching their values, but the form's state still holds the server's and the next render
 * would put that back. Right after hydration this takes the control's value into the state. A layout effect: React
 * renders what it sets before the browser runs anything else, so the form is never live with the server's values in
 * its state, and a press the shell replays after `hydrateRoot` (decision 032) sends what was typed (issue #35). On a
 * page rendered in the browser nothing happens. Returns the ref for the control, joined with the caller's `ref`.
 */
export function useEarlyInput<T extends Control>(
  value: string,
  onValueChange: (value: string) => void,
  outer?: Ref<T>,
): RefCallback<T> {
  return useEarlyControl(value, onValueChange, readValue, outer);
}

/** `useEarlyInput` for a checkbox: a box ticked before the page hydrated stays ticked ('Recordarme'). */
export function useEarlyCheck(checked: boolean, onCheckedChange: (checked: boolean) => void): RefCallback<HTMLInputElement> {
  return useEarlyControl(checked, onCheckedChange, readChecked);
}

const readValue = (control: Control) => control.value;
const readChecked = (control: HTMLInputElement) => control.checked;

function useEarlyControl<T extends Control, V>(
  value: V,
  onValueChange: (value: V) => void,
  read: (control: T) => V,
  outer?: Ref<T>,
): RefCallback<T> {
  const node = useRef<T | null>(null);
  const first = useRef({ value, onValueChange, read });
  useLayoutEffect(() => {
    const control = node.current;
    if (!control) return;
    const typed = first.current.read(control);
    if (typed !== first.current.value) first.current.onValueChange(typed);
  }, []);
  return useCallback(
    (element: T | null) => {
      node.current = element;
      assignRef(outer, element);
    },
    [outer],
  );
}

/** Hands the element to a caller's ref, whichever kind it is: what React does with a `ref` prop. */
function assignRef<T>(ref: Ref<T> | undefined, element: T | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}
