import { useRef } from 'react';
import { contentId } from '../layout/skip-link';

/**
 * The focus of a Radix dialog the store opens (no Trigger for Radix to give the focus back to): `remember` takes note of
 * what had the focus as the dialog opens (its `onOpenAutoFocus`), `giveBack` returns the focus there as it closes (its
 * `onCloseAutoFocus`), or to the page's content when that element has left the page (after a visit, say).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    giveBack: (event: Event) => {
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : document.getElementById(contentId);
      target?.focus();
      opener.current = null;
    },
  };
}
