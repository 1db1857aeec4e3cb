import type { ReactNode } from 'react';
import type { ListSetKind } from '@gota/shared/contracts';
import { buttonClass, VisuallyHidden } from '@gota/shared/ui';
import styles from './content-panel.module.css';
import type { ContentSetEditor } from './use-content-set';

interface RowButtonsProps {
  /** The set's editing (`useContentSet`). */
  editor: Pick<ContentSetEditor<ListSetKind | 'descargas'>, 'rows' | 'move' | 'remove' | 'focusAfterChange'>;
  /** The row's key and place. */
  row: number;
  index: number;
  /** How many rows its list has (all of them unless told: the allies' page has a list per section). */
  count?: number;
  /** The rows of its list, to say its new position in («movido a la posición 3 de 25»). */
  among?: (row: { key: number }) => boolean;
  /** The row's id: its buttons are `{id}-subir` and `{id}-bajar`. */
  id: string;
  /** «Dato 3», «Contador 2»: what each button's name ends with, for a screen reader. */
  label: string;
  /** Where the focus goes after «Quitar»: the «Añadir» button. */
  afterRemove: string;
  /** Buttons of this kind of row, between «Bajar» and «Quitar» (a fact's «Ocultar»). */
  children?: ReactNode;
}

/**
 * A row's «Subir», «Bajar» and «Quitar»: usable by keyboard, each named with its row, the focus kept on the button that
 * was pressed (or its neighbour, at an end of the list) as the row moves.
 */
export function RowButtons({
  editor,
  row,
  index,
  count = editor.rows.length,
  among,
  id,
  label,
  afterRemove,
  children,
}: RowButtonsProps) {
  return (
    <EntryButtons
      id={id}
      index={index}
      count={count}
      which={` el ${label.toLowerCase()}`}
      onMove={(by) => editor.move(row, by, label, among)}
      onRemove={() => editor.remove(row)}
      focusAfterChange={editor.focusAfterChange}
      afterRemove={afterRemove}
    >
      {children}
    </EntryButtons>
  );
}

interface EntryButtonsProps {
  /** The entry's id: its buttons are `{id}-subir` and `{id}-bajar`. */
  id: string;
  index: number;
  count: number;
  /** What each button's name ends with, for a screen reader (« el dato 3», « párrafo 2 de «Misión»»). */
  which: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** The element to focus once the list on screen changed. */
  focusAfterChange: (id: string) => void;
  /** Where the focus goes after «Quitar»: the «Añadir» button. */
  afterRemove: string;
  /** The entry's id once moved by `by`, when its id is its place (a paragraph's); a row's follows it. */
  idAfterMove?: (by: -1 | 1) => string;
  children?: ReactNode;
}

/**
 * «Subir», «Bajar» and «Quitar» of one entry of a list, whatever the list (a set's rows, a part's paragraphs): the
 * focus follows the entry as it moves, and goes to «Añadir» after a removal.
 */
export function EntryButtons({
  id,
  index,
  count,
  which,
  onMove,
  onRemove,
  focusAfterChange,
  afterRemove,
  idAfterMove = () => id,
  children,
}: EntryButtonsProps) {
  const name = <VisuallyHidden>{which}</VisuallyHidden>;
  const tonal = buttonClass({ variant: 'tonal', shape: 'pill' });
  return (
    <div className={styles.rowButtons}>
      <button
        id={`${id}-subir`}
        type="button"
        className={tonal}
        disabled={index === 0}
        onClick={() => {
          onMove(-1);
          const moved = idAfterMove(-1);
          focusAfterChange(index - 1 === 0 ? `${moved}-bajar` : `${moved}-subir`);
        }}
      >
        Subir{name}
      </button>
      <button
        id={`${id}-bajar`}
        type="button"
        className={tonal}
        disabled={index === count - 1}
        onClick={() => {
          onMove(1);
          const moved = idAfterMove(1);
          focusAfterChange(index + 1 === count - 1 ? `${moved}-subir` : `${moved}-bajar`);
        }}
      >
        Bajar{name}
      </button>
      {children}
      <button
        type="button"
        className={buttonClass({ variant: 'plain', shape: 'pill' })}
        onClick={() => {
          onRemove();
          focusAfterChange(afterRemove);
        }}
      >
        Quitar{name}
      </button>
    </div>
  );
}

/** «Ocultar» / «Mostrar» of a row that visitors may not see (a fact, an ally, a kit file): pressed while it is hidden. */
export function HideButton({
  editor,
  row,
  visible,
  label,
}: {
  editor: { update: (key: number, change: { visible: boolean }) => void };
  row: number;
  visible: boolean;
  label: string;
}) {
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'tonal', shape: 'pill' })}
      aria-pressed={!visible}
      onClick={() => editor.update(row, { visible: !visible })}
    >
      {visible ? 'Ocultar' : 'Mostrar'}
      <VisuallyHidden> el {label.toLowerCase()}</VisuallyHidden>
    </button>
  );
}
