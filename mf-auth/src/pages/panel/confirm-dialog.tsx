import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from '@gota/shared/ui';
import styles from './versiones.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  /** Closed by «Cancelar», Escape or a click outside, unless the action is in flight. */
  onClose: () => void;
  title: string;
  description: string;
  /** The confirming button's words (the action's verb). */
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
  /** Said under the description: a refusal the action met, for instance. */
  children?: ReactNode;
}

/** The panel's confirmation before an action that changes what others see (activate, roll back, remove a person). */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>{description}</Dialog.Description>
          {children}
          <div className={styles.dialogActions}>
            <Dialog.Close className={buttonClass({ variant: 'tonal', shape: 'pill' })} disabled={busy}>
              Cancelar
            </Dialog.Close>
            <button
              type="button"
              className={buttonClass({ variant: 'filled', shape: 'pill' })}
              onClick={onConfirm}
              aria-busy={busy || undefined}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
