import { useEditor, type Editor, type UseEditorOptions } from '@tiptap/react';
import { describedBy } from '@gota/shared/ui';

export interface FieldEditorOptions {
  /** The writing area's id; its hint and message are `{id}-hint` and `{id}-error` (the field frame's). */
  id: string;
  /** What a screen reader calls the writing area: a `<label>` cannot name it, it is no form control. */
  label: string;
  hint: string;
  error?: string | undefined;
  /** The class of the writing area (the prose's look). */
  className: string;
  multiline?: boolean;
}

/**
 * A Tiptap editor that is one field of a panel form: made after hydration (the page is rendered on the server too),
 * rendered again on each change so that its toolbar's pressed states follow the cursor, and named and described like
 * the form's other fields. `options` are the editor's own: its extensions, content and callbacks.
 */
export function useFieldEditor(
  field: FieldEditorOptions,
  options: Omit<UseEditorOptions, 'editorProps' | 'immediatelyRender' | 'shouldRerenderOnTransaction'>,
): Editor | null {
  const { id, label, hint, error, className, multiline } = field;
  return useEditor({
    ...options,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        ...(multiline ? { 'aria-multiline': 'true' } : {}),
        'aria-label': label,
        'aria-describedby': describedBy(id, hint, error) ?? '',
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: className,
      },
    },
  });
}
