import { useCallback, useEffect, useRef, useState, type Ref, type RefCallback } from 'react';
import { markFormLive, sendHeldSubmission } from './held-submits';

/**
 * Keeps what a visitor typed, and sent, before the page hydrated. The server's HTML has working inputs, so a quick
 * visitor (or the browser's autofill) may fill them while the scripts load; React hydrates without touching their
 * values, but the form's state still holds the server's and the next render would put that back. Right after hydration
 * this takes the control's value into the state. A submission the document's inline script held meanwhile is sent
 * again one render later, when the form's state has what was typed (a form reads its state as of its last render).
 * On a page rendered in the browser nothing happens. Returns the ref for the control, joined with the caller's `ref`.
 */
export function useEarlyInput<T extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  onValueChange: (value: string) => void,
  outer?: Ref<T>,
): RefCallback<T> {
  const node = useRef<T | null>(null);
  const first = useRef({ value, onValueChange });
  const [heldForm, setHeldForm] = useState<HTMLFormElement | null>(null);
  useEffect(() => {
    const typed = node.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.onValueChange(typed);
    const form = node.current?.form;
    if (form && markFormLive(form)) setHeldForm(form);
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

/** Hands the element to a caller's ref, whichever kind it is: what React does with a `ref` prop. */
function assignRef<T>(ref: Ref<T> | undefined, element: T | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}
