import type { Row } from './use-content-set';

/** The fields of an item whose value is a text. */
type TextKeys<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T] & string;

interface RowEditing<T> {
  update: (key: number, change: Partial<T>) => void;
  /** The server's messages by place (`items.2.etiqueta`). */
  messages: Readonly<Record<string, string>>;
}

/**
 * What ties a text field of a list's row to the set's editing: `field('title', 'titulo')` gives the field's id
 * (`{id}-titulo`), its value, its change and the message about it (`items.{index}.title`), to spread on a `TextField`.
 */
export function rowField<T>(editor: RowEditing<T>, row: Row<T>, index: number, id: string) {
  return <F extends TextKeys<T>>(field: F, name: string = field) => ({
    id: `${id}-${name}`,
    value: row[field] as string,
    onValueChange: (value: string) => editor.update(row.key, { [field]: value } as Partial<T>),
    error: editor.messages[`items.${index}.${field}`],
  });
}
