import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ComponentPropsWithoutRef } from 'react';
import scrim from '../layout/scrim/scrim.module.css';
import { contentId } from '../layout/skip-link';

export interface StoreDialogProps extends Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'onCloseAutoFocus'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The box's class (where it stands, how wide): the box is `raised` on the dialogs' scrim already. */
  className: string | undefined;
}

/**
 * A Radix dialog the store opens (the site dialogs, the search): the dialogs' scrim and the raised box on it, in a
 * portal. With no Trigger for Radix to give the focus back to, it takes note of what had the focus as it opens and
 * returns the focus there as it closes, or to the page's content when that element has left the page (after a visit,
 * say). The other props are the box's (`Dialog.Content`); an `onOpenAutoFocus` of the caller runs after the note is taken.
 */
export function StoreDialog({ open, onOpenChange, className, onOpenAutoFocus, children, ...box }: StoreDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={scrim.dialogScrim} />
        <Dialog.Content
          {...box}
          className={`${scrim.raised} ${className ?? ''}`}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current?.isConnected ? opener.current : document.getElementById(contentId);
            target?.focus();
            opener.current = null;
          }}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
