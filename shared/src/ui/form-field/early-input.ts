import { useCallback, useEffect, useRef, type Ref, type RefCallback } from 'react';

/**
 * Keeps what a visitor typed before the page hydrated. The server's HTML has working inputs, so a quick visitor (or
 * the browser's autofill) may fill them while the scripts load; React hydrates without touching their values, but the
 * form's state still holds the server's and the next render would put that back. Right after hydration this takes
 * the control's value into the state. On a page rendered in the browser the two are equal and nothing happens.
 * Returns the ref for the control, joined with the caller's own `ref`.
 */
export function useEarlyInput<T extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  onValueChange: (value: string) => void,
  outer?: Ref<T>,
): RefCallback<T> {
  const node = useRef<T | null>(null);
  const first = useRef({ value, onValueChange });
  useEffect(() => {
    const typed = node.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.onValueChange(typed);
  }, []);
  return useCallback(
    (element: T | null) => {
      node.current = element;
      if (typeof outer === 'function') outer(element);
      else if (outer) outer.current = element;
    },
    [outer],
  );
}
