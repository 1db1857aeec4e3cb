import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from '@gota/shared/ui';
import styles from './editor.module.css';

interface WithdrawDialogProps {
  open: boolean;
  busy: boolean;
  onWithdraw: () => void;
  onClose: () => void;
}

/** «Retirar» asks first (issue #41 item 5): the story leaves every list and its address answers that it is gone. */
export function WithdrawDialog({ open, busy, onWithdraw, onClose }: WithdrawDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>¿Retirar la historia?</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>
            Sale de las listas, la búsqueda, el mapa del sitio y el feed, y su dirección responde que ya no está. Puedes volver a
            publicarla después.
          </Dialog.Description>
          <div className={styles.dialogActions}>
            <Dialog.Close className={buttonClass({ variant: 'tonal', shape: 'pill' })} disabled={busy}>
              Cancelar
            </Dialog.Close>
            <button
              type="button"
              className={buttonClass({ variant: 'filled', shape: 'pill' })}
              aria-busy={busy || undefined}
              onClick={onWithdraw}
            >
              Retirar la historia
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
