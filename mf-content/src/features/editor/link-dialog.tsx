import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { allowedLink } from '@gota/shared/schemas';
import { buttonClass, TextField } from '@gota/shared/ui';
import styles from './editor.module.css';

/** Why a link is refused: the site's sanitiser keeps only these (a `javascript:` link never reaches the page). */
export const linkRefusedMessage =
  'El enlace debe empezar por https://, mailto: o / (una página del sitio). Un enlace javascript: no se acepta.';

interface LinkDialogProps {
  open: boolean;
  /** The link under the cursor, to change or remove ('' for a new one). */
  current: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
  /** Where the focus goes once the dialog has closed (the text, at the cursor). */
  onClosed: () => void;
}

/** Asks for a link's address and refuses any the site would drop (`allowedLink` of the schemas). */
export function LinkDialog({ open, current, onApply, onRemove, onClose, onClosed }: LinkDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          {/* a new form each time it opens, starting from the link under the cursor */}
          {open && <LinkForm current={current} onApply={onApply} onRemove={onRemove} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkForm({ current, onApply, onRemove }: Pick<LinkDialogProps, 'current' | 'onApply' | 'onRemove'>) {
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | undefined>(undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = href.trim();
    if (!allowedLink(value) || /\s/.test(value)) return setError(linkRefusedMessage);
    onApply(value);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Title className={styles.dialogTitle}>{current ? 'Cambiar el enlace' : 'Añadir un enlace'}</Dialog.Title>
      <Dialog.Description className={styles.dialogText}>
        Sobre el texto seleccionado. Usa https://, mailto: o una dirección del sitio que empiece por /.
      </Dialog.Description>
      <TextField
        id="enlace-direccion"
        label="Dirección del enlace"
        type="text"
        inputMode="url"
        value={href}
        onValueChange={setHref}
        error={error}
        spellCheck={false}
        autoComplete="off"
      />
      <div className={styles.dialogActions}>
        <Dialog.Close className={buttonClass({ variant: 'tonal', shape: 'pill' })}>Cancelar</Dialog.Close>
        {current && (
          <button type="button" className={buttonClass({ variant: 'outlined', shape: 'pill' })} onClick={onRemove}>
            Quitar el enlace
          </button>
        )}
        <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })}>
          Aplicar el enlace
        </button>
      </div>
    </form>
  );
}
