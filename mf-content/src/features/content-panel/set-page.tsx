import type { ReactNode } from 'react';
import { type ListSetKind, type ContentSetPageProps } from '@gota/shared/contracts';
import { buttonClass } from '@gota/shared/ui';
import styles from '../../pages/panel/panel.module.css';
import own from './content-panel.module.css';
import { ContentNav, LastChange, SetConflict, SetHistory, type ContentPage } from './set-history';
import type { ContentSetEditor } from './use-content-set';

interface SetPageProps<K extends ListSetKind | 'descargas'> extends Omit<ContentSetPageProps<K>, 'set'> {
  editor: ContentSetEditor<K>;
  title: string;
  current: Exclude<ContentPage, 'panelHistorias' | 'panelTextos'>;
  /** What the page is for, and where visitors see it. */
  lead: ReactNode;
  /** Said after the date of the last change («6 de 8 datos visibles.»). */
  summary?: string;
  /** What a revision's «Restaurar» names («los datos»). */
  what: string;
  /** The «Añadir» button: its id (where the focus goes after «Quitar»), its text, whether the list is full. */
  add: { id: string; label: string; full: boolean; onAdd: () => void };
  /** The rows: one `<li>` each (with `sections`, what comes before them). */
  children?: ReactNode;
  /** Lists under their own headings (the allies' and the members'), instead of one list of `children`. */
  sections?: { id: string; title: string; rows: ReactNode }[];
  /** A part of the page of its own before the rows' form (the kit's upload form). */
  before?: ReactNode;
}

/**
 * The frame of «Datos del agua» and «Contadores» (decision 059): the heading, the last change, a conflict's choice,
 * the rows in a form with «Añadir» and «Guardar y publicar», the live line that says where a row moved, and the
 * revisions with the log.
 */
export function SetPage<K extends ListSetKind | 'descargas'>({
  editor,
  title,
  current,
  lead,
  summary,
  what,
  add,
  revisions,
  log,
  children,
  sections,
  before,
}: SetPageProps<K>) {
  const { set, messages } = editor;
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

      {before}

      <form onSubmit={editor.submit} noValidate aria-label={title}>
        {messages.items && (
          <p role="alert" className={styles.warning}>
            {messages.items}
          </p>
        )}
        {sections ? (
          // with sections, `children` is what comes before them
          <>
            {children}
            {sections.map((section) => (
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id} className={styles.sectionTitle}>
                  {section.title}
                </h2>
                <ol className={own.items}>{section.rows}</ol>
              </section>
            ))}
          </>
        ) : (
          <ol className={own.items}>{children}</ol>
        )}
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
          <button
            type="submit"
            className={buttonClass({ variant: 'filled', shape: 'pill' })}
            disabled={editor.saving}
            aria-busy={editor.saving}
          >
            Guardar y publicar
          </button>
        </div>
      </form>

      <SetHistory
        what={what}
        revisions={revisions}
        log={log}
        current={revisions[0]?.number}
        onRestore={(number) => void editor.restore(number)}
        busy={editor.saving}
      />
    </div>
  );
}
