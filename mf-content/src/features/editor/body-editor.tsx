import { useState } from 'react';
import { EditorContent, type Editor } from '@tiptap/react';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { Markdown } from '@tiptap/markdown';
import { allowedLink } from '@gota/shared/schemas';
import { FieldFrame } from '@gota/shared/ui';
import { EditorToolbar, type ToolbarButton } from './editor-toolbar';
import { LinkDialog } from './link-dialog';
import { useFieldEditor } from './use-field-editor';
import styles from './editor.module.css';

/**
 * Only what the site's sanitiser keeps can be written (p, h2, h3, ul, ol, li, strong, em, a, blockquote, br): the other
 * nodes and marks of the starter kit are left out of the schema, so neither the toolbar, a shortcut, a Markdown input
 * rule nor a paste can make them (pasted HTML is parsed against this schema: an image, an iframe, a script or an h1's
 * level are dropped, their text kept). A link's address must pass `allowedLink`, pasted or typed.
 */
export const bodyExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
  }),
  // the link's own Markdown reading keeps any address: here one the site would drop leaves its text only
  Link.extend({
    parseMarkdown: (token, helpers) => {
      const text = helpers.parseInline(token.tokens ?? []);
      return allowedLink(token.href ?? '')
        ? helpers.applyMark('link', text, { href: token.href, title: token.title ?? null })
        : text;
    },
  }).configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: false,
    protocols: ['mailto'],
    isAllowedUri: (url) => allowedLink(url),
  }),
  Markdown,
];

interface BodyEditorProps {
  /** The writing area's id; its hint and message are `{id}-hint` and `{id}-error`. */
  id: string;
  /** The Markdown the editor starts from; a new value needs a new `key` (a restored revision, their version). */
  initial: string;
  onChange: (markdown: string) => void;
  onBlur: () => void;
  error?: string | undefined;
}

interface ToolbarState {
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function readToolbar(editor: Editor | null): ToolbarState | null {
  if (!editor) return null;
  return {
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** Two links of a chain: the link button's glyph. */
const linkIcon = (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    focusable="false"
  >
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
  </svg>
);

/** The story's body: a rich-text editor (Tiptap) that reads and writes Markdown, with its toolbar, framed as a field. */
export function BodyEditor({ id, initial, onChange, onBlur, error }: BodyEditorProps) {
  const hint = 'Títulos de sección, listas, negritas, cursivas, enlaces y citas. Se guarda como Markdown.';
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useFieldEditor(
    { id, label: 'Texto de la historia', hint, error, className: styles.prose ?? '', multiline: true },
    {
      extensions: bodyExtensions,
      content: initial,
      contentType: 'markdown',
      onUpdate: ({ editor: current }) => onChange(current.getMarkdown()),
      onBlur: () => onBlur(),
    },
  );
  const state = readToolbar(editor);

  const chain = () => editor!.chain().focus();
  const buttons: ToolbarButton[] = state
    ? [
        { label: 'Título de sección', glyph: 'H2', pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
        { label: 'Subtítulo', glyph: 'H3', pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
        { label: 'Negrita', glyph: <strong>N</strong>, pressed: state.bold, run: () => chain().toggleBold().run() },
        { label: 'Cursiva', glyph: <em>K</em>, pressed: state.italic, run: () => chain().toggleItalic().run() },
        { label: 'Lista con viñetas', glyph: '•', pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
        { label: 'Lista numerada', glyph: '1.', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
        { label: 'Cita', glyph: '“”', pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
        { label: 'Enlace', glyph: linkIcon, pressed: state.link, run: () => setLinkOpen(true) },
        { label: 'Deshacer', glyph: '↶', disabled: !state.canUndo, run: () => chain().undo().run() },
        { label: 'Rehacer', glyph: '↷', disabled: !state.canRedo, run: () => chain().redo().run() },
      ]
    : [];

  return (
    <FieldFrame id={id} label="Texto de la historia" hint={hint} error={error}>
      <div className={styles.bodyEditor}>
        <EditorToolbar label="Formato del texto" buttons={buttons} ready={state !== null} />
        {editor ? <EditorContent editor={editor} /> : <div className={styles.prose} aria-hidden="true" />}
        <LinkDialog
          open={linkOpen}
          current={linkOpen && editor ? String(editor.getAttributes('link').href ?? '') : ''}
          onClose={() => setLinkOpen(false)}
          onClosed={() => editor?.commands.focus()}
          onApply={(href) => {
            setLinkOpen(false);
            // on a selection (or inside a link) the text becomes the link; with nothing selected the address is the text
            if (editor!.state.selection.empty && !editor!.isActive('link'))
              chain()
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            else chain().extendMarkRange('link').setLink({ href }).run();
          }}
          onRemove={() => {
            setLinkOpen(false);
            chain().extendMarkRange('link').unsetLink().run();
          }}
        />
      </div>
    </FieldFrame>
  );
}
