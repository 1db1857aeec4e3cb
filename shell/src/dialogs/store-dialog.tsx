import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ComponentPropsWithoutRef } from 'react';
import { contentId } from '../layout/skip-link';

export interface StoreDialogProps extends Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'onCloseAutoFocus'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The scrim's class. */
  backdropClassName: string | undefined;
}

/**
 * A Radix dialog the store opens (the site dialogs, the search): its scrim and its box in a portal. With no Trigger for
 * Radix to give the focus back to, it takes note of what had the focus as it opens and returns the focus there as it
 * closes, or to the page's content when that element has left the page (after a visit, say). The other props are the
 * box's (`Dialog.Content`); an `onOpenAutoFocus` of the caller runs after the note is taken.
 */
export function StoreDialog({ open, onOpenChange, backdropClassName, onOpenAutoFocus, children, ...box }: StoreDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={backdropClassName} />
        <Dialog.Content
          {...box}
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
