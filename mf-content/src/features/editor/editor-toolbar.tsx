import type { ReactNode } from 'react';
import styles from './editor.module.css';

/** One button of an editor's toolbar: its name (read and shown as a tip), its glyph, its state and what it does. */
export interface ToolbarButton {
  label: string;
  glyph: ReactNode;
  /** Whether the selection has it (a mark, a heading); left out for an action (undo, a link's dialog). */
  pressed?: boolean | undefined;
  disabled?: boolean | undefined;
  run: () => void;
}

/**
 * The toolbar of a rich-text field (`useFieldEditor`): square buttons named for a screen reader, pressed when the
 * selection has what they make, all disabled until the editor exists (after hydration).
 */
export function EditorToolbar({ label, buttons, ready }: { label: string; buttons: readonly ToolbarButton[]; ready: boolean }) {
  return (
    <div role="toolbar" aria-label={label} className={styles.toolbar}>
      {buttons.map((button) => (
        <button
          key={button.label}
          type="button"
          className={styles.tool}
          aria-label={button.label}
          title={button.label}
          aria-pressed={button.pressed}
          disabled={!ready || button.disabled}
          onClick={button.run}
        >
          <span aria-hidden="true">{button.glyph}</span>
        </button>
      ))}
    </div>
  );
}
