import * as Dialog from '@radix-ui/react-dialog';
import { formatMexicoCity, type StoryConflict, type StoryFields } from '@gota/shared/contracts';
import { buttonClass } from '@gota/shared/ui';
import { changedFields } from './revision-diff';
import styles from './editor.module.css';

interface ConflictDialogProps {
  conflict: StoryConflict | null;
  mine: StoryFields;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}

function Version({ heading, fields }: { heading: string; fields: StoryFields }) {
  return (
    <section className={styles.side} aria-label={heading}>
      <h3 className={styles.sideTitle}>{heading}</h3>
      <p className={styles.sideField}>
        <strong>Título:</strong> {fields.titulo}
      </p>
      <p className={styles.sideField}>
        <strong>Resumen:</strong> {fields.text}
      </p>
      <pre className={styles.sideBody}>{fields.body}</pre>
    </section>
  );
}

/**
 * A 409 (issue #41 item 6): somebody saved the story after this page's version. Both texts side by side, and the two
 * ways on: keep mine (saved again on top of theirs, which stays in the revisions) or take theirs (mine is dropped).
 * It cannot be closed without choosing: the draft stops saving itself until then.
 */
export function ConflictDialog({ conflict, mine, onKeepMine, onUseTheirs }: ConflictDialogProps) {
  const theirs = conflict?.current;
  const changed = theirs ? changedFields(theirs.fields, mine) : [];
  return (
    <Dialog.Root open={conflict !== null}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.wideDialog}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className={styles.dialogTitle}>Otra persona guardó esta historia</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>
            {conflict?.message} Tus cambios no se guardaron. Compara las dos versiones y elige con cuál seguir; la otra queda en
            las revisiones.
          </Dialog.Description>
          {theirs && (
            <>
              <p className={styles.dialogText}>
                Cambian: {changed.length > 0 ? changed.join(', ') : 'nada de lo que se ve aquí'}.
              </p>
              <div className={styles.sides}>
                <Version heading="Tu versión" fields={mine} />
                <Version
                  heading={`La suya (${theirs.updatedBy}, ${formatMexicoCity(theirs.updatedAt)})`}
                  fields={theirs.fields}
                />
              </div>
            </>
          )}
          <div className={styles.dialogActions}>
            <button type="button" className={buttonClass({ variant: 'outlined', shape: 'pill' })} onClick={onUseTheirs}>
              Usar la suya
            </button>
            <button type="button" className={buttonClass({ variant: 'filled', shape: 'pill' })} onClick={onKeepMine}>
              Quedarme con la mía
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
