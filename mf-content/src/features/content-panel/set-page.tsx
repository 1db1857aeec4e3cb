import type { ReactNode } from 'react';
import { type ContentSetItems, type ContentSetPageProps, type ListSetKind } from '@gota/shared/contracts';
import { buttonClass } from '@gota/shared/ui';
import styles from '../../pages/panel/panel.module.css';
import { PreviewButton } from './preview-button';
import { ContentNav, LastChange, SetConflict, SetHistory, type ContentPage } from './set-history';
import type { ContentSetEditor } from './use-content-set';

type ListKind = ListSetKind | 'descargas';

/** What one list's page says of itself: everything of its frame that is not the rows, declared once by the page. */
export interface SetPageFrame<K extends ListKind> {
  /** The heading, and the name of the rows' form («Datos del agua»). */
  title: string;
  current: Exclude<ContentPage, 'panelHistorias' | 'panelTextos'>;
  /** What the page is for, and where visitors see it. */
  lead: ReactNode;
  /** Said after the date of the last change, of the rows on screen («6 de 8 datos visibles.»). */
  summary?: (rows: readonly ContentSetItems[K][number][]) => string;
  /** What the set is called in a revision's «Restaurar» and in a conflict («los datos»). */
  what: string;
  /** The «Añadir» button: its id (where the focus goes after «Quitar»), its text, and how many rows the list takes. */
  add: { id: string; label: string; limit: number };
}

interface SetPageProps<K extends ListKind> {
  editor: ContentSetEditor<K>;
  frame: SetPageFrame<K>;
  /** The page's revisions and log, as the page was given them. */
  history: Omit<ContentSetPageProps<K>, 'set'>;
  /** «Añadir» pressed (the list is not full). */
  onAdd: () => void;
  /** What stands between the conflict and the rows' form (the kit's upload form, the lead an ally comes from). */
  before?: ReactNode;
  /** The rows: a `SetRows` (sortable-rows.tsx), or several under their own headings (the allies' and the members'). */
  children: ReactNode;
}

/**
 * The frame of a list's page in the panel (decisions 059–061): the heading, the navigation with the guide, the last
 * change, the conflict dialog, what the page puts before its rows, the rows in their form, then the revisions with the
 * log. The form holds a message about the whole list, the live line that says where a row moved, and the actions
 * («Añadir», «Vista previa» of every set (decision 066), «Guardar y publicar»).
 */
export function SetPage<K extends ListKind>({
  editor,
  frame: { title, current, lead, summary, what, add },
  history: { revisions, log },
  onAdd,
  before,
  children,
}: SetPageProps<K>) {
  const { set } = editor;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead} Al guardar, los visitantes ven los cambios de inmediato.</p>
        <ContentNav current={current} />
        <LastChange updatedAt={set.updatedAt} updatedBy={set.updatedBy}>
          {summary ? ` ${summary(editor.rows)}` : ''}
        </LastChange>
      </header>
      <SetConflict editor={editor} what={what} />
      {before}
      <form onSubmit={editor.submit} noValidate aria-label={title}>
        {editor.messages.items && (
          <p role="alert" className={styles.warning}>
            {editor.messages.items}
          </p>
        )}
        {children}
        <p role="status" className={styles.muted}>
          {editor.announcement}
        </p>
        <div className={styles.actions}>
          <button
            id={add.id}
            type="button"
            className={buttonClass({ variant: 'tonal', shape: 'pill' })}
            disabled={editor.rows.length >= add.limit}
            onClick={onAdd}
          >
            {add.label}
          </button>
          <PreviewButton onPreview={editor.preview} />
          <SaveButton saving={editor.saving} />
        </div>
      </form>
      <SetHistory what={what} revisions={revisions} log={log} editor={editor} />
    </div>
  );
}

/** The summary of a list whose rows can be hidden: how many of them visitors see («6 de 8 datos visibles.»). */
export const visibleOf =
  (what: string) =>
  (rows: readonly { visible: boolean }[]): string =>
    `${rows.filter((row) => row.visible).length} de ${rows.length} ${what} visibles.`;

/** «Guardar y publicar»: the form's submit, busy while the set is saved. */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })} disabled={saving} aria-busy={saving}>
      Guardar y publicar
    </button>
  );
}
