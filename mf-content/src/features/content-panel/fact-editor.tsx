import { Mark, Node, type Editor } from '@tiptap/core';
import { EditorContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FieldFrame } from '@gota/shared/ui';
import { EditorToolbar } from '../editor/editor-toolbar';
import { useFieldEditor } from '../editor/use-field-editor';
import styles from './content-panel.module.css';

/** A fact is one paragraph: Enter does not split it; a paste of several blocks keeps their text, joined by a space. */
const OneParagraph = Node.create({
  name: 'doc',
  topNode: true,
  content: 'paragraph+',
  addKeyboardShortcuts: () => ({ Enter: () => true, 'Shift-Enter': () => true }),
});

/** «Resaltar»: the site's `<mark>`; a `<span class="resaltado">` of an older fact is read as one. */
const Highlight = Mark.create({
  name: 'highlight',
  parseHTML: () => [{ tag: 'mark' }, { tag: 'span.resaltado' }],
  renderHTML: () => ['mark', 0],
  addKeyboardShortcuts() {
    return { 'Mod-Shift-h': () => this.editor.commands.toggleMark(this.name) };
  },
});

/**
 * What a fact may hold and nothing more (the server's `factMarkupProblem`): text in one paragraph, bold (`<strong>`),
 * italics (`<em>`) and the highlight (`<mark>`). Every other node and mark of the starter kit is left out of the
 * schema, so neither a shortcut, an input rule nor a paste can make a link, a heading, a list or a script: pasted HTML
 * is read against this schema and keeps its text only.
 */
export const factExtensions = [
  StarterKit.configure({
    document: false,
    blockquote: false,
    bulletList: false,
    orderedList: false,
    listItem: false,
    listKeymap: false,
    code: false,
    codeBlock: false,
    heading: false,
    horizontalRule: false,
    hardBreak: false,
    strike: false,
    underline: false,
    link: false,
    trailingNode: false,
  }),
  OneParagraph,
  Highlight,
];

/** The fact's HTML as the server keeps it: the paragraph's inside (the editor escapes `&`, `<`, `>` and writes `&nbsp;`). */
export function factHtml(editor: Editor): string {
  return editor
    .getHTML()
    .replace(/<\/p><p>/g, ' ')
    .replace(/^<p>/, '')
    .replace(/<\/p>$/, '')
    .trim();
}

const marks = [
  { name: 'bold', label: 'Negrita', glyph: <strong>N</strong> },
  { name: 'italic', label: 'Cursiva', glyph: <em>K</em> },
  { name: 'highlight', label: 'Resaltar', glyph: <mark>R</mark> },
] as const;

interface FactEditorProps {
  /** The writing area's id; its hint and message are `{id}-hint` and `{id}-error`. */
  id: string;
  label: string;
  /** The HTML the editor starts from; a new value needs a new `key`. */
  initial: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}

/**
 * One water fact in a small rich-text editor: select words and press «Negrita», «Cursiva» or «Resaltar» (or Ctrl+B,
 * Ctrl+I, Ctrl+Shift+H). Nobody types HTML; the toolbar's buttons say whether the selection has each mark.
 */
export function FactEditor({ id, label, initial, onChange, error }: FactEditorProps) {
  const hint = 'Selecciona palabras y usa Negrita, Cursiva o Resaltar para destacarlas.';
  const editor = useFieldEditor(
    { id, label, hint, error, className: styles.prose ?? '' },
    { extensions: factExtensions, content: `<p>${initial}</p>`, onUpdate: ({ editor: current }) => onChange(factHtml(current)) },
  );

  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className={styles.factEditor}>
        <EditorToolbar
          label={`Formato de ${label.toLowerCase()}`}
          ready={editor !== null}
          buttons={marks.map((mark) => ({
            label: mark.label,
            glyph: mark.glyph,
            pressed: editor ? editor.isActive(mark.name) : false,
            run: () => editor?.chain().focus().toggleMark(mark.name).run(),
          }))}
        />
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          <div className={styles.prose} aria-hidden="true" dangerouslySetInnerHTML={{ __html: initial }} />
        )}
      </div>
    </FieldFrame>
  );
}
