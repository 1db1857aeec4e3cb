import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { formatMexicoCity, type StoryFields } from '@gota/shared/contracts';
import { buttonClass } from '@gota/shared/ui';
import styles from './editor.module.css';

/** What somebody saved after this page's version: the server's message, who saved it and when. */
interface Conflict {
  message: string;
  by: string | null;
  at: string | null;
}

interface ConflictDialogProps {
  /** The 409's content (null: no conflict, the dialog is closed). */
  conflict: Conflict | null;
  /** «Otra persona guardó esta historia». */
  title: string;
  /** What differs between the two, as the page names it («Título», «Dato 3»); empty when nothing on screen does. */
  changed: readonly string[];
  /** Their version and mine, as the page shows one (`StoryVersion`, `SetVersion`). */
  theirs: ReactNode;
  mine: ReactNode;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}

/**
 * A 409 of the panel (a story, issue #41 item 6; a content set, decisions 059–062): somebody saved after this page's
 * version. Both versions side by side, theirs then mine, and the two ways on: «Usar la suya» (mine is dropped) or
 * «Guardar la mía encima» (saved again on top of theirs, which stays in the revisions). A Radix dialog: the focus moves
 * into it and stays there, a screen reader reads its title and message; it cannot be closed without choosing.
 */
export function ConflictDialog({ conflict, title, changed, theirs, mine, onKeepMine, onUseTheirs }: ConflictDialogProps) {
  const when = [conflict?.by, conflict?.at && formatMexicoCity(conflict.at)].filter(Boolean).join(', ');
  return (
    <Dialog.Root open={conflict !== null}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.wideDialog}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>
            {conflict?.message} Tus cambios no se guardaron. Compara las dos versiones y elige con cuál seguir; la otra queda en
            las revisiones.
          </Dialog.Description>
          {conflict && (
            <>
              <p className={styles.dialogText}>
                Cambian: {changed.length > 0 ? changed.join(', ') : 'nada de lo que se ve aquí'}.
              </p>
              <div className={styles.sides}>
                <Side heading={when ? `La suya (${when})` : 'La suya'}>{theirs}</Side>
                <Side heading="Tu versión">{mine}</Side>
              </div>
            </>
          )}
          <div className={styles.dialogActions}>
            <button type="button" className={buttonClass({ variant: 'outlined', shape: 'pill' })} onClick={onUseTheirs}>
              Usar la suya
            </button>
            <button type="button" className={buttonClass({ variant: 'filled', shape: 'pill' })} onClick={onKeepMine}>
              Guardar la mía encima
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Side({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className={styles.side} aria-label={heading}>
      <h3 className={styles.sideTitle}>{heading}</h3>
      {children}
    </section>
  );
}

/** A story's version in the comparison: its title, summary and body. */
export function StoryVersion({ fields }: { fields: StoryFields }) {
  return (
    <>
      <p className={styles.sideField}>
        <strong>Título:</strong> {fields.titulo}
      </p>
      <p className={styles.sideField}>
        <strong>Resumen:</strong> {fields.text}
      </p>
      <pre className={styles.sideBody}>{fields.body}</pre>
    </>
  );
}

/** One line of a set's version in the comparison: what it is on the page («Dato 3») and what it says. */
export interface VersionLine {
  label: string;
  text: string;
}

/** A content set's version in the comparison, a line per item or field. */
export function SetVersion({ lines }: { lines: readonly VersionLine[] }) {
  return (
    <dl className={styles.sideBody}>
      {lines.map((line) => (
        <div key={line.label} className={styles.sideField}>
          <dt>
            <strong>{line.label}</strong>
          </dt>
          <dd>{line.text || '(vacío)'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The labels of the lines that differ between two versions (or that only one has), in their order. */
export function changedLines(theirs: readonly VersionLine[], mine: readonly VersionLine[]): string[] {
  const text = (lines: readonly VersionLine[]) => new Map(lines.map((line) => [line.label, line.text]));
  const [a, b] = [text(theirs), text(mine)];
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  return labels.filter((label) => a.get(label) !== b.get(label));
}
