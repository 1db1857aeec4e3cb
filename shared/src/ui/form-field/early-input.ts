import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Ref, type RefCallback } from 'react';
import { markFormLive, sendHeldSubmission } from './held-submits';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what a visitor typed, and sent, before the page hydrated. The server's HTML has working inputs, so a quick
 * visitor (or the browser's autofill) may fill them while the scripts load; React hydrates without touching their
 * values, but the form's state still holds the server's and the next render would put that back. Right after hydration
 * this takes the control's value into the state. A submission the document's inline script held meanwhile is sent
 * again one render later, when the form's state has what was typed (a form reads its state as of its last render).
 * On a page rendered in the browser nothing happens. Returns the ref for the control, joined with the caller's `ref`.
 */
export function useEarlyInput<T extends Control>(value: string, onValueChange: (value: string) => void, outer?: Ref<T>): RefCallback<T> {
  return useEarlyControl(value, onValueChange, readValue, outer);
}

/** `useEarlyInput` for a checkbox: a box ticked before the page hydrated stays ticked ('Recordarme'). */
export function useEarlyCheck(checked: boolean, onCheckedChange: (checked: boolean) => void): RefCallback<HTMLInputElement> {
  return useEarlyControl(checked, onCheckedChange, readChecked);
}

const readValue = (control: Control) => control.value;
const readChecked = (control: HTMLInputElement) => control.checked;

function useEarlyControl<T extends Control, V>(value: V, onValueChange: (value: V) => void, read: (control: T) => V, outer?: Ref<T>): RefCallback<T> {
  const node = useRef<T | null>(null);
  const first = useRef({ value, onValueChange, read });
  const [heldForm, setHeldForm] = useState<HTMLFormElement | null>(null);
  // A layout effect: React renders what it sets before the browser gets to run anything, so the form is never live with
  // the server's values in its state. From an effect the text waited for a render in a later task, and a submission in
  // between (Enter right after the key made React hydrate the section) sent the server's empty values (issue #35).
  useLayoutEffect(() => {
    const control = node.current;
    if (!control) return;
    const typed = first.current.read(control);
    if (typed !== first.current.value) first.current.onValueChange(typed);
    if (control.form && markFormLive(control.form)) setHeldForm(control.form);
  }, []);
  useEffect(() => {
    if (heldForm) sendHeldSubmission(heldForm);
  }, [heldForm]);
  return useCallback(
    (element: T | null) => {
      node.current = element;
      assignRef(outer, element);
    },
    [outer],
  );
}

/**
 * Marks a form live once it is hydrated, for a form whose controls are not fields of `@gota/shared/ui` (a button alone:
 * 'Cerrar sesión', a lead's actions), and sends again what the visitor submitted in it before then (decision 043).
 * Without it the document's inline script would hold such a form's submissions until it let them go to the server as
 * if there were no script. A form whose fields are this package's is marked by them; `PostForm` does it for every form.
 */
export function useLiveForm(): RefCallback<HTMLFormElement> {
  const node = useRef<HTMLFormElement | null>(null);
  const [held, setHeld] = useState(false);
  // after the fields' layout effects (children first), so a form is never live before what was typed is in its state
  useLayoutEffect(() => {
    if (node.current && markFormLive(node.current)) setHeld(true);
  }, []);
  useEffect(() => {
    if (held && node.current) sendHeldSubmission(node.current);
  }, [held]);
  return useCallback((element: HTMLFormElement | null) => {
    node.current = element;
  }, []);
}

/** Hands the element to a caller's ref, whichever kind it is: what React does with a `ref` prop. */
function assignRef<T>(ref: Ref<T> | undefined, element: T | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}
