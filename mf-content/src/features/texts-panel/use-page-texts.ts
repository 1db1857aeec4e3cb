import { useState } from 'react';
import {
  pageTextsApi,
  type ContentSet,
  type EditablePage,
  type EditablePageTexts,
  type PageSetKind,
} from '@gota/shared/contracts';
import { pageTextsSaveSchema } from '@gota/shared/schemas';
import { useFocusAfterChange, useSetSaver } from '../content-panel/use-content-set';

/** A place in a page's prose: `['mission', 'paragraphs', 1]`, `['objectives', 'items', 2, 'title']`. */
export type ProsePath = readonly (string | number)[];

/** The value at `path` of a page's texts changed by `change`, the rest kept (arrays stay arrays). */
function changeAt<T>(value: T, path: ProsePath, change: (old: unknown) => unknown): T {
  if (path.length === 0) return change(value) as T;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? changeAt(item, rest, change) : item)) as T;
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: changeAt(record[head!], rest, change) } as T;
}

/** What a new entry of a part's list is: a paragraph or a statement is a text, an objective or a step a title and a text. */
const blankEntry = (list: ProsePath): unknown => (list.at(-1) === 'items' ? { title: '', text: '' } : '');

/**
 * The editing of one page's texts (decision 062): what is on screen, changed field by field, paragraphs added, moved and
 * removed, and saved whole through the panel's one way to save a set (`useSetSaver`: the version, the 422's messages by
 * place, the 409, «Restaurar»).
 */
export function usePageTexts(page: EditablePage, initial: ContentSet<PageSetKind>) {
  const [items, setItems] = useState<EditablePageTexts>(initial.items);
  /** What the live region says after a paragraph moved («Párrafo 3: ahora en la posición 2 de 3.»). */
  const [announcement, setAnnouncement] = useState('');
  const focusAfterChange = useFocusAfterChange(items.texts);
  const saver = useSetSaver<PageSetKind>({
    api: pageTextsApi(page),
    schema: pageTextsSaveSchema(page),
    initial,
    current: () => items,
    onAdopt: (next) => setItems(next.items),
  });
  const changeList = (list: ProsePath, change: (entries: unknown[]) => unknown[]) =>
    setItems((current) => ({
      ...current,
      texts: current.texts && changeAt(current.texts, list, (old) => change(old as unknown[])),
    }));
  return {
    ...saver,
    items,
    announcement,
    focusAfterChange,
    /** A title, description, keywords or share image. */
    changeSeo: (field: keyof EditablePageTexts['seo'], value: string) =>
      setItems((current) => ({
        ...current,
        seo: field === 'img' && value === '' ? withoutImage(current.seo) : { ...current.seo, [field]: value },
      })),
    /** A field of the prose, by its place (`['mission', 'paragraphs', 0]`, `['objectives', 'items', 2, 'title']`). */
    changeProse: (path: ProsePath, value: string) =>
      setItems((current) => ({ ...current, texts: current.texts && changeAt(current.texts, path, () => value) })),
    /** A new, empty entry at the end of a part's list (`['mission', 'paragraphs']`). */
    addEntry: (list: ProsePath) => changeList(list, (entries) => [...entries, blankEntry(list)]),
    removeEntry: (list: ProsePath, index: number) => changeList(list, (entries) => entries.filter((_, at) => at !== index)),
    /** Moves an entry one place; `what` («Párrafo») is what the announcement calls it. */
    moveEntry: (list: ProsePath, index: number, by: -1 | 1, what: string) =>
      changeList(list, (entries) => {
        const to = index + by;
        if (to < 0 || to >= entries.length) return entries;
        const next = [...entries];
        next.splice(to, 0, ...next.splice(index, 1));
        setAnnouncement(`${what}: ahora en la posición ${to + 1} de ${next.length}.`);
        return next;
      }),
  };
}

export type PageTextsEditor = ReturnType<typeof usePageTexts>;

/** The page's texts without a share image: the site's default card is used. */
function withoutImage({ img: _img, ...seo }: EditablePageTexts['seo']): EditablePageTexts['seo'] {
  return seo;
}
