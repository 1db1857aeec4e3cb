import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ListSetKind } from '@gota/shared/contracts';
import own from './content-panel.module.css';
import type { ContentSetEditor } from './use-content-set';

interface SetRowsProps {
  editor: Pick<ContentSetEditor<ListSetKind | 'descargas'>, 'place'>;
  /** The list's rows in order: their keys and what they are called («Aliado 2»). */
  rows: readonly { key: number; label: string }[];
  /** The rows of the list a position is counted in (the allies' page has a list per section). */
  among?: (row: { key: number }) => boolean;
  /** The rows: a `SortableRow` each. */
  children: ReactNode;
}

const instructions =
  'Para mover la fila con el teclado, pulsa Espacio o Intro en «Arrastrar», muévela con las flechas arriba y abajo, y ' +
  'vuelve a pulsar Espacio o Intro para soltarla. Escape la deja donde estaba. También puedes usar «Subir» y «Bajar».';

/**
 * A list's rows, in order, reordered by dragging (decision 060, 2026-11-29): with the mouse or a finger on a row's
 * «Arrastrar» handle, or with the keyboard (Space to take, arrows, Space to drop), each step said in Spanish. The drop
 * is the same change as «Subir» and «Bajar», announced by the page's live line.
 */
export function SetRows({ editor, rows, among, children }: SetRowsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: UniqueIdentifier) => rows.find((row) => row.key === id)?.label ?? 'Fila';
  const placeOf = (id: UniqueIdentifier) => rows.findIndex((row) => row.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Tomaste el ${labelOf(active.id).toLowerCase()}, en la posición ${placeOf(active.id)} de ${rows.length}.`,
    // over its own place as it is taken: «Tomaste…» stays
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${labelOf(active.id)} sobre la posición ${placeOf(over.id)} de ${rows.length}.`
        : undefined,
    // the page's live line says where it went
    onDragEnd: () => undefined,
    onDragCancel: ({ active }) => `Movimiento cancelado: el ${labelOf(active.id).toLowerCase()} sigue en su lugar.`,
  };
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || over.id === active.id) return;
    editor.place(Number(active.id), Number(over.id), labelOf(active.id), among);
  }
  const ids = rows.map((row) => row.key);
  return (
    <DndContext
      // a fixed id: the same described-by ids on the server and in the browser
      id={`orden-${ids[0] ?? 'vacio'}`}
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={own.items}>{children}</ol>
      </SortableContext>
    </DndContext>
  );
}

/** One row of a `SetRows`: its «Arrastrar» handle, then the row. */
export function SortableRow({ id, label, children }: { id: number; label: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={own.sortable}
      data-dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={own.dragHandle}
        {...attributes}
        {...listeners}
        aria-label={`Arrastrar el ${label.toLowerCase()}`}
        title="Arrastrar para cambiar el orden"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {children}
    </li>
  );
}
