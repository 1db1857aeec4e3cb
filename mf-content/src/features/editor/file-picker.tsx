import { useState, type DragEvent, type ReactNode, type Ref, type RefObject } from 'react';
import { buttonClass } from '@gota/shared/ui';
import styles from './editor.module.css';

interface FilePickerProps {
  ref: Ref<HTMLInputElement>;
  id: string;
  accept: string;
  /** The field's message, when there is one: the picker is described by it. */
  problem: string | null | undefined;
  onFile: (file: File) => void;
  onBlur?: (() => void) | undefined;
}

/**
 * The hidden file input behind an upload field's button (a story's photo, an organisation's logo): opened with the
 * button, never reached by Tab, described by the field's message.
 */
export function FilePicker({ ref, id, accept, problem, onFile, onBlur }: FilePickerProps) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      accept={accept}
      className={styles.filePicker}
      tabIndex={-1}
      aria-describedby={problem ? `${id}-error` : undefined}
      onChange={(event) => {
        const file = event.target.files?.[0];
        if (file) onFile(file);
      }}
      onBlur={onBlur}
    />
  );
}

interface PickerButtonProps {
  ref?: Ref<HTMLButtonElement>;
  id?: string;
  /** The `FilePicker` the button opens. */
  picker: RefObject<HTMLInputElement | null>;
  /** While a file is on its way, it cannot be changed. */
  busy: boolean;
  /** The ids of the hint (and of the message) that say what may be picked. */
  describedBy: string;
  children: ReactNode;
}

/** The button that opens an upload field's hidden file input («Elegir una foto», «Subir logotipo»). */
export function PickerButton({ picker, busy, describedBy, children, ...rest }: PickerButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      className={buttonClass({ variant: 'outlined', shape: 'pill' })}
      disabled={busy}
      aria-describedby={describedBy}
      onClick={() => picker.current?.click()}
    >
      {children}
    </button>
  );
}

/**
 * A zone a file can be dropped on (a story's photo, a file of the kit): `zone` goes on its element, `dragging` says a
 * file is held over it, `onFile` gets the first file dropped.
 */
export function useDropZone(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    zone: {
      onDragOver: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      },
    },
  };
}
