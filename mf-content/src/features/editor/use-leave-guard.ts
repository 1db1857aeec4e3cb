import { useEffect } from 'react';

export const leaveQuestion = 'Hay cambios sin guardar. ¿Salir de todos modos?';

/**
 * Asks before leaving while `pending` (issue #41 item 3): the browser's own question when the tab closes or reloads
 * (beforeunload), and ours when a link of the site is followed. The shared router has no navigation blocker and adding
 * one would grow every visitor page's router code (decision 054), so a followed link is caught here: a click on a link
 * of this site, caught before the router's, is cancelled unless the person confirms.
 */
export function useLeaveGuard(pending: boolean): void {
  useEffect(() => {
    if (!pending) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when a value is returned
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      if (new URL(link.href, window.location.href).origin !== window.location.origin) return;
      if (!window.confirm(leaveQuestion)) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [pending]);
}
