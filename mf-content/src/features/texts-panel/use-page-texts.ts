import { useState } from 'react';
import {
  pageTextsApi,
  type ContentSet,
  type EditablePage,
  type EditablePageTexts,
  type PageSetKind,
} from '@gota/shared/contracts';
import { pageTextsSaveSchema } from '@gota/shared/schemas';
import { useSetSaver } from '../content-panel/use-content-set';

/** The value at `path` of a page's texts replaced by `value`, the rest kept (arrays stay arrays). */
function replaceAt<T>(value: T, path: readonly (string | number)[], next: string): T {
  if (path.length === 0) return next as T;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, next) : item)) as T;
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaceAt(record[head!], rest, next) } as T;
}

/**
 * The editing of one page's texts (decision 062): what is on screen, changed field by field, and saved whole through
 * the panel's one way to save a set (`useSetSaver`: the version, the 422's messages by place, the 409, «Restaurar»).
 */
export function usePageTexts(page: EditablePage, initial: ContentSet<PageSetKind>) {
  const [items, setItems] = useState<EditablePageTexts>(initial.items);
  const saver = useSetSaver<PageSetKind>({
    api: pageTextsApi(page),
    schema: pageTextsSaveSchema(page),
    initial,
    current: () => items,
    onAdopt: (next) => setItems(next.items),
  });
  return {
    ...saver,
    items,
    /** A title, description, keywords or share image. */
    changeSeo: (field: keyof EditablePageTexts['seo'], value: string) =>
      setItems((current) => ({
        ...current,
        seo: field === 'img' && value === '' ? withoutImage(current.seo) : { ...current.seo, [field]: value },
      })),
    /** A field of the prose, by its place (`['mission', 'text']`, `['objectives', 'items', 2, 'title']`). */
    changeProse: (path: readonly (string | number)[], value: string) =>
      setItems((current) => ({ ...current, texts: current.texts && replaceAt(current.texts, path, value) })),
  };
}

/** The page's texts without a share image: the site's default card is used. */
function withoutImage({ img: _img, ...seo }: EditablePageTexts['seo']): EditablePageTexts['seo'] {
  return seo;
}
