import type { ReactNode } from 'react';
import { type ListSetKind, type ContentSetPageProps } from '@gota/shared/contracts';
import { buttonClass } from '@gota/shared/ui';
import styles from '../../pages/panel/panel.module.css';
import { PreviewButton } from './preview-button';
import { ContentNav, LastChange, SetConflict, SetHistory, type ContentPage } from './set-history';
import type { ContentSetEditor } from './use-content-set';

type ListKind = ListSetKind | 'descargas';

interface SetPageProps<K extends ListKind> extends Omit<ContentSetPageProps<K>, 'set'> {
  editor: ContentSetEditor<K>;
  title: string;
  current: Exclude<ContentPage, 'panelHistorias' | 'panelTextos'>;
  /** What the page is for, and where visitors see it. */
  lead: ReactNode;
  /** Said after the date of the last change («6 de 8 datos visibles.»). */
  summary?: string;
  /** What the set is called in a revision's «Restaurar» and in a conflict («los datos»). */
  what: string;
  /** The page's own parts: its rows' form (`SetForm`) and what comes before it (the kit's upload form). */
  children: ReactNode;
}

/**
 * The frame of a list's page in the panel (decisions 059–061): the heading, the navigation with the guide, the last
 * change, the conflict dialog, then the page's own parts, then the revisions with the log.
 */
export function SetPage<K extends ListKind>({
  editor,
  title,
  current,
  lead,
  summary,
  what,
  revisions,
  log,
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
          {summary ? ` ${summary}` : ''}
        </LastChange>
      </header>
      <SetConflict editor={editor} what={what} />
      {children}
      <SetHistory what={what} revisions={revisions} log={log} editor={editor} />
    </div>
  );
}

interface SetFormProps {
  editor: Pick<ContentSetEditor<ListKind>, 'submit' | 'messages' | 'announcement' | 'saving' | 'preview'>;
  /** The form's name («Datos del agua»). */
  label: string;
  /** The «Añadir» button: its id (where the focus goes after «Quitar»), its text, whether the list is full. */
  add: { id: string; label: string; full: boolean; onAdd: () => void };
  /** The rows: a `SetRows` (sortable-rows.tsx), or several under their own headings (the allies' and the members'). */
  children: ReactNode;
}

/**
 * The rows in a form: a message about the whole list, the live line that says where a row moved, the actions («Añadir»,
 * «Vista previa» of every set (decision 066), «Guardar y publicar»).
 */
export function SetForm({ editor, label, add, children }: SetFormProps) {
  return (
    <form onSubmit={editor.submit} noValidate aria-label={label}>
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
          disabled={add.full}
          onClick={add.onAdd}
        >
          {add.label}
        </button>
        <PreviewButton onPreview={editor.preview} />
        <SaveButton saving={editor.saving} />
      </div>
    </form>
  );
}

/** «Guardar y publicar»: the form's submit, busy while the set is saved. */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })} disabled={saving} aria-busy={saving}>
      Guardar y publicar
    </button>
  );
}
