import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from '../button/button';
import styles from './dialog.module.css';

export interface PanelDialogProps {
  open: boolean;
  /** Closed by «Cancelar», Escape or a click outside, unless the action is in flight. */
  onClose: () => void;
  busy: boolean;
  /** The box's content: its `DialogTitle` and `DialogDescription`, then its parts (or a form holding them). */
  children: ReactNode;
}

/**
 * A dialog of the team's panel (Radix's Dialog, the recipe of dialog.module.css): the scrim and the box in the middle
 * of the window, which keeps itself open while its action is on its way.
 */
export function PanelDialog({ open, onClose, busy, children }: PanelDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>{children}</Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface DialogActionsProps {
  busy: boolean;
  /** The confirming button's words (the action's verb). */
  confirmLabel: string;
  /** What the confirming button does; without it, it submits the dialog's form. */
  onConfirm?: () => void;
}

/** The row of a panel dialog's buttons: «Cancelar», which closes it, and the one that confirms. */
export function DialogActions({ busy, confirmLabel, onConfirm }: DialogActionsProps) {
  return (
    <div className={styles.actions}>
      <Dialog.Close className={buttonClass({ variant: 'tonal', shape: 'pill' })} disabled={busy}>
        Cancelar
      </Dialog.Close>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={buttonClass({ variant: 'filled', shape: 'pill' })}
        onClick={onConfirm}
        aria-busy={busy || undefined}
      >
        {confirmLabel}
      </button>
    </div>
  );
}

export interface ConfirmDialogProps extends Omit<PanelDialogProps, 'children'>, Required<DialogActionsProps> {
  title: string;
  description: string;
  /** Said under the description: a refusal the action met, for instance. */
  children?: ReactNode;
}

/**
 * The panel's confirmation before an action that changes what others see: activate or roll back a release, remove a
 * person from the team, withdraw a story.
 */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, children, ...dialog }: ConfirmDialogProps) {
  return (
    <PanelDialog {...dialog}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      {children}
      <DialogActions busy={dialog.busy} confirmLabel={confirmLabel} onConfirm={onConfirm} />
    </PanelDialog>
  );
}

/** A panel dialog's title (Radix's, which names the dialog). */
export function DialogTitle({ children }: { children: ReactNode }) {
  return <Dialog.Title className={styles.title}>{children}</Dialog.Title>;
}

/** A panel dialog's description (Radix's, which describes the dialog). */
export function DialogDescription({ children }: { children: ReactNode }) {
  return <Dialog.Description className={styles.text}>{children}</Dialog.Description>;
}
