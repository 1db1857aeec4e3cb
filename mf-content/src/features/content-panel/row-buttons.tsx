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
  const { focusAfterChange } = editor;
  const move = (by: -1 | 1) => editor.move(row, by, label, among);
  const remove = () => editor.remove(row);
  const which = <VisuallyHidden> el {label.toLowerCase()}</VisuallyHidden>;
  const tonal = buttonClass({ variant: 'tonal', shape: 'pill' });
  return (
    <div className={styles.rowButtons}>
      <button
        id={`${id}-subir`}
        type="button"
        className={tonal}
        disabled={index === 0}
        onClick={() => {
          move(-1);
          focusAfterChange(index - 1 === 0 ? `${id}-bajar` : `${id}-subir`);
        }}
      >
        Subir{which}
      </button>
      <button
        id={`${id}-bajar`}
        type="button"
        className={tonal}
        disabled={index === count - 1}
        onClick={() => {
          move(1);
          focusAfterChange(index + 1 === count - 1 ? `${id}-subir` : `${id}-bajar`);
        }}
      >
        Bajar{which}
      </button>
      {children}
      <button
        type="button"
        className={buttonClass({ variant: 'plain', shape: 'pill' })}
        onClick={() => {
          remove();
          focusAfterChange(afterRemove);
        }}
      >
        Quitar{which}
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
