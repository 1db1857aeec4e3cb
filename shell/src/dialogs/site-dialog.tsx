import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { buttonClass } from '@gota/shared/ui';
import { alertAreaAttribute } from '../layout/alert-area/alert-area-marker';
import { alertSlotRef } from '../layout/alert-area/alert-slot';
import styles from './site-dialog.module.css';
import { useDialogRatio } from './use-dialog-ratio';
import { StoreDialog } from './store-dialog';

export interface SiteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Widest the dialog may grow, in px (product §2: contact 1200, company 1400). */
  maxWidth?: number;
  children?: ReactNode;
}

/**
 * The frame every site dialog shares: backdrop, title, description, a 'Cerrar' button and content that scrolls.
 * Radix supplies the focus trap, Escape, and the hiding of the page from assistive technology.
 */
export function SiteDialog({ open, onOpenChange, title, description, maxWidth = 720, children }: SiteDialogProps) {
  const ratio = useDialogRatio();

  return (
    <StoreDialog
      open={open}
      onOpenChange={onOpenChange}
      className={styles.dialog}
      // the cap as a custom property: the Nu HTML Checker's CSS parser rejects min() with var() in a style attribute
      style={{ width: ratio === null ? undefined : `${ratio * 100}vw`, ['--dialog-max-width' as string]: `${maxWidth}px` }}
      onInteractOutside={(event) => {
        // closing an alert must not close the form the alert is about
        if (event.target instanceof Element && event.target.closest(`[${alertAreaAttribute}]`)) event.preventDefault();
      }}
    >
      <div className={styles.top}>
        <div className={styles.header}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Close className={buttonClass({ variant: 'tonal', shape: 'pill' }, styles.close)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            Cerrar
          </Dialog.Close>
        </div>
        {/* the page's alerts while this dialog is open: under the title, never over a control */}
        <div ref={alertSlotRef} className={styles.alerts} />
      </div>
      <Dialog.Description className={styles.description}>{description}</Dialog.Description>
      <div className={styles.body}>{children}</div>
    </StoreDialog>
  );
}
