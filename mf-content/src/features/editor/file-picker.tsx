import type { Ref } from 'react';
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
