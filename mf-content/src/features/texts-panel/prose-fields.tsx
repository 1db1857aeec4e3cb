import type { ReactNode } from 'react';
import { contentSetLimits, type PageProse } from '@gota/shared/contracts';
import type { VersionLine } from '../editor/conflict-dialog';
import { CountedField } from '../editor/counted-field';
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

type Path = readonly (string | number)[];

interface ProseFieldsProps {
  texts: PageProse;
  onChange: (path: Path, value: string) => void;
  /** Messages by place, as the server names them (`items.texts.mission.text`). */
  messages: Record<string, string>;
}

const placeOf = (path: Path) => ['items', 'texts', ...path].join('.');
const idOf = (path: Path) => `texto-${path.join('-')}`;

/**
 * The prose of a page as fields, in the page's order (decision 062): a part is a group with its name, a title a line,
 * any other text an area, each with its count against the limit the server keeps. The shape is the page's: the fields
 * change words, not how many paragraphs a page has (its design is made for them).
 */
export function ProseFields({ texts, onChange, messages }: ProseFieldsProps) {
  return <>{render(texts, [], { onChange, messages })}</>;
}

/** The prose as lines for the conflict's comparison, each named as its field is on screen («Objetivo 2 · Título»). */
export function proseLines(value: unknown, path: Path = [], names: readonly string[] = []): VersionLine[] {
  if (typeof value === 'string') return [{ label: names.join(' · '), text: value }];
  if (Array.isArray(value)) {
    const entry = entryLabels[String(path.at(-2))] ?? entryLabels[String(path.at(-1))] ?? 'Elemento';
    // an entry takes its list's place in the name: «Objetivos · Objetivo 2 · Título», not «… · Elementos · …»
    return value.flatMap((item, index) => proseLines(item, [...path, index], [...names.slice(0, -1), `${entry} ${index + 1}`]));
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, part]) =>
    proseLines(part, [...path, key], [...names, partLabels[key] ?? key]),
  );
}

function render(value: unknown, path: Path, props: Omit<ProseFieldsProps, 'texts'>, label?: string): ReactNode {
  if (typeof value === 'string') {
    const last = path.at(-1);
    return (
      <CountedField
        key={idOf(path)}
        id={idOf(path)}
        label={label ?? partLabels[String(last)] ?? String(last)}
        value={value}
        onValueChange={(next) => props.onChange(path, next)}
        limit={contentSetLimits.pageProse}
        multiline={last !== 'title'}
        error={props.messages[placeOf(path)]}
      />
    );
  }
  if (Array.isArray(value)) {
    const entry = entryLabels[String(path.at(-2))] ?? entryLabels[String(path.at(-1))] ?? 'Elemento';
    return value.map((item, index) => {
      const itemPath = [...path, index];
      const name = `${entry} ${index + 1}`;
      return typeof item === 'string' ? (
        render(item, itemPath, props, name)
      ) : (
        <fieldset key={idOf(itemPath)} className={styles.fieldset}>
          <legend>{name}</legend>
          {render(item, itemPath, props)}
        </fieldset>
      );
    });
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.map(([key, part]) =>
    typeof part === 'string' ? (
      render(part, [...path, key], props)
    ) : (
      <fieldset key={idOf([...path, key])} className={styles.fieldset}>
        <legend>{partLabels[key] ?? key}</legend>
        {render(part, [...path, key], props)}
      </fieldset>
    ),
  );
}
