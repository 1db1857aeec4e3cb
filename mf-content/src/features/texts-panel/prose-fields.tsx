import type { ReactNode } from 'react';
import { contentSetLimits, type PageProse } from '@gota/shared/contracts';
import { buttonClass, VisuallyHidden } from '@gota/shared/ui';
import { EntryButtons } from '../content-panel/row-buttons';
import type { VersionLine } from '../editor/conflict-dialog';
import { CountedField } from '../editor/counted-field';
import type { PageTextsEditor, ProsePath } from './use-page-texts';
import own from '../content-panel/content-panel.module.css';
import styles from '../../pages/panel/panel.module.css';

/** What each part of a page's prose is called on screen (page-texts.json's keys). */
const partLabels: Record<string, string> = {
  hero: 'Portada',
  mission: 'Misión',
  vision: 'Visión',
  objectives: 'Objetivos',
  participate: '¿Cómo puedes participar?',
  campaign: 'La campaña',
  visualCode: 'Código visual',
  freeUse: 'De uso libre',
  manifesto: 'Manifiesto',
  commitment: 'Cierre del manifiesto',
  members: 'Miembros',
  title: 'Título',
  lead: 'Entrada',
  text: 'Texto',
  items: 'Elementos',
  paragraphs: 'Párrafos',
  statements: 'Declaraciones',
};
/** What one entry of a list is called («Párrafo 2»), by the list's part, then by the list. */
const entryLabels: Record<string, string> = {
  objectives: 'Objetivo',
  participate: 'Forma de participar',
  items: 'Elemento',
  paragraphs: 'Párrafo',
  statements: 'Declaración',
};

type Path = ProsePath;

interface ProseFieldsProps {
  texts: PageProse;
  /** The page's editing: a field changed, an entry of a list added, moved or removed, the focus after it. */
  editor: Pick<
    PageTextsEditor,
    'changeProse' | 'addEntry' | 'removeEntry' | 'moveEntry' | 'focusAfterChange' | 'messages' | 'announcement'
  >;
}

const placeOf = (path: Path) => ['items', 'texts', ...path].join('.');
const idOf = (path: Path) => `texto-${path.join('-')}`;
const entryOf = (list: Path) => entryLabels[String(list.at(-2))] ?? entryLabels[String(list.at(-1))] ?? 'Elemento';

/**
 * The prose of a page as fields, in the page's order (decision 062): a part is a group with its name, a title a line,
 * any other text an area, each with its count against the limit the server keeps. A part's paragraphs, statements,
 * objectives or steps are a list: an entry is added at its end, moved a place up or down, or removed; the visitors'
 * page shows as many as it has (at least one, at most `pageParts`). The live line says where an entry moved.
 */
export function ProseFields({ texts, editor }: ProseFieldsProps) {
  return (
    <>
      {render(texts, [], editor)}
      <p role="status" className={styles.muted}>
        {editor.announcement}
      </p>
    </>
  );
}

/** The prose as lines for the conflict's comparison, each named as its field is on screen («Objetivo 2 · Título»). */
export function proseLines(value: unknown, path: Path = [], names: readonly string[] = []): VersionLine[] {
  if (typeof value === 'string') return [{ label: names.join(' · '), text: value }];
  if (Array.isArray(value)) {
    const entry = entryOf(path);
    // an entry takes its list's place in the name: «Objetivos · Objetivo 2 · Título», not «… · Elementos · …»
    return value.flatMap((item, index) => proseLines(item, [...path, index], [...names.slice(0, -1), `${entry} ${index + 1}`]));
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, part]) =>
    proseLines(part, [...path, key], [...names, partLabels[key] ?? key]),
  );
}

/** The name of a part's list on screen: the part's («Misión»), or the list's own for a part of lists. */
const partOf = (list: Path) => partLabels[String(list.at(-2))] ?? partLabels[String(list.at(-1))] ?? String(list.at(-1));

function render(value: unknown, path: Path, editor: ProseFieldsProps['editor'], label?: string): ReactNode {
  if (typeof value === 'string') {
    const last = path.at(-1);
    return (
      <CountedField
        key={idOf(path)}
        id={idOf(path)}
        label={label ?? partLabels[String(last)] ?? String(last)}
        value={value}
        onValueChange={(next) => editor.changeProse(path, next)}
        limit={contentSetLimits.pageProse}
        multiline={last !== 'title'}
        error={editor.messages[placeOf(path)]}
      />
    );
  }
  if (Array.isArray(value)) return <EntryList key={idOf(path)} list={path} entries={value} editor={editor} />;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.map(([key, part]) =>
    typeof part === 'string' ? (
      render(part, [...path, key], editor)
    ) : (
      <fieldset key={idOf([...path, key])} className={styles.fieldset}>
        <legend>{partLabels[key] ?? key}</legend>
        {render(part, [...path, key], editor)}
      </fieldset>
    ),
  );
}

/**
 * A part's list: each entry with «Subir», «Bajar» and «Quitar», then «Añadir párrafo» (or objective, statement…) and
 * the message about the list as a whole (none left, too many).
 */
function EntryList({ list, entries, editor }: { list: Path; entries: unknown[]; editor: ProseFieldsProps['editor'] }) {
  const entry = entryOf(list);
  const part = partOf(list);
  const addId = `${idOf(list)}-anadir`;
  const message = editor.messages[placeOf(list)];
  const messageId = `${idOf(list)}-mensaje`;
  return (
    <>
      {entries.map((item, index) => {
        const itemPath = [...list, index];
        const name = `${entry} ${index + 1}`;
        const buttons = (
          <EntryButtons
            id={idOf(itemPath)}
            index={index}
            count={entries.length}
            which={` ${name.toLowerCase()} de «${part}»`}
            onMove={(by) => editor.moveEntry(list, index, by, name)}
            onRemove={() => editor.removeEntry(list, index)}
            focusAfterChange={editor.focusAfterChange}
            afterRemove={addId}
            idAfterMove={(by) => idOf([...list, index + by])}
          />
        );
        return typeof item === 'string' ? (
          <div key={idOf(itemPath)} className={styles.entry}>
            {render(item, itemPath, editor, name)}
            {buttons}
          </div>
        ) : (
          <fieldset key={idOf(itemPath)} className={styles.fieldset}>
            <legend>{name}</legend>
            {render(item, itemPath, editor)}
            {buttons}
          </fieldset>
        );
      })}
      {message && (
        <p id={messageId} className={own.warning}>
          {message}
        </p>
      )}
      <button
        id={addId}
        type="button"
        className={buttonClass({ variant: 'tonal', shape: 'pill' })}
        disabled={entries.length >= contentSetLimits.pageParts}
        aria-describedby={message ? messageId : undefined}
        onClick={() => {
          editor.addEntry(list);
          // the new entry's first field: a paragraph's text, an objective's title
          editor.focusAfterChange(idOf(list.at(-1) === 'items' ? [...list, entries.length, 'title'] : [...list, entries.length]));
        }}
      >
        Añadir {entry.toLowerCase()}
        <VisuallyHidden> a «{part}»</VisuallyHidden>
      </button>
    </>
  );
}
