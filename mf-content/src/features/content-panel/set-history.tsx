import type { ReactNode } from 'react';
import {
  contentSetActionLabels,
  type ContentSetKind,
  formatMexicoCity,
  type ContentSetLogEntry,
  type ContentSetRevisionSummary,
} from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import { buttonClass } from '@gota/shared/ui';
import styles from '../../pages/panel/panel.module.css';
import { changedLines, ConflictDialog, SetVersion } from '../editor/conflict-dialog';
import own from './content-panel.module.css';
import type { SetSaver } from './use-content-set';
import { versionLines } from './version-lines';

interface SetHistoryProps {
  /** What one revision is called in a button's name («los datos», «los contadores»). */
  what: string;
  /** Newest first: the first is the one on screen, without «Restaurar». */
  revisions: ContentSetRevisionSummary[];
  log: ContentSetLogEntry[];
  /** The set's saving: «Restaurar» restores through it, and waits while it saves. */
  editor: Pick<SetSaver<ContentSetKind>, 'restore' | 'saving'>;
}

/** The revisions of a set, each with «Restaurar» (public at once), and its log: who changed what, when. */
export function SetHistory({ what, revisions, log, editor }: SetHistoryProps) {
  const current = revisions[0]?.number;
  return (
    <>
      <section className={styles.section} aria-labelledby="revisiones">
        <h2 id="revisiones" className={styles.sectionTitle}>
          Revisiones
        </h2>
        <p className={styles.muted}>
          Cada vez que se guarda queda una revisión. «Restaurar» vuelve a publicar una anterior como una nueva.
        </p>
        <ul className={styles.log}>
          {revisions.map((revision) => (
            <li key={revision.number}>
              Revisión {revision.number}: {revision.by}, <time dateTime={revision.at}>{formatMexicoCity(revision.at)}</time>{' '}
              {revision.number === current ? (
                <span className={styles.muted}>(la publicada)</span>
              ) : (
                <button
                  type="button"
                  className={buttonClass({ variant: 'plain', shape: 'pill' })}
                  disabled={editor.saving}
                  aria-label={`Restaurar la revisión ${revision.number} de ${what}`}
                  onClick={() => void editor.restore(revision.number)}
                >
                  Restaurar
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="registro">
        <h2 id="registro" className={styles.sectionTitle}>
          Registro de cambios
        </h2>
        <ul className={styles.log}>
          {log.map((line, index) => (
            <li key={index}>
              {contentSetActionLabels[line.action]}: {line.by}, <time dateTime={line.at}>{formatMexicoCity(line.at)}</time>
              {line.detail ? ` (${line.detail})` : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * A 409 of a set (somebody saved it meanwhile): the panel's one conflict dialog, their version and mine as lines.
 * «Usar la suya» puts theirs on screen; «Guardar la mía encima» saves mine on top (theirs stays a revision).
 */
export function SetConflict<K extends ContentSetKind>({
  editor,
  what,
}: {
  editor: Pick<SetSaver<K>, 'conflict' | 'mine' | 'takeTheirs' | 'keepMine'>;
  /** What the set is called («los datos», «los textos de Quiénes somos»). */
  what: string;
}) {
  const { conflict } = editor;
  const theirs = conflict ? versionLines(conflict.current.kind, conflict.current.items) : [];
  const mine = conflict ? versionLines(conflict.current.kind, editor.mine()) : [];
  return (
    <ConflictDialog
      title={`Otra persona guardó ${what}`}
      conflict={conflict && { message: conflict.message, by: conflict.current.updatedBy, at: conflict.current.updatedAt }}
      changed={changedLines(theirs, mine)}
      theirs={<SetVersion lines={theirs} />}
      mine={<SetVersion lines={mine} />}
      onUseTheirs={editor.takeTheirs}
      onKeepMine={editor.keepMine}
    />
  );
}

/** The panel's content pages, in the order the navigation lists them, each with its guide of docs/equipo/. */
const contentPages = [
  { route: 'panelHistorias', label: 'Historias', guide: { name: 'historias', label: 'Guía: publicar una historia' } },
  { route: 'panelDatos', label: 'Datos del agua', guide: { name: 'datos-y-contadores', label: 'Guía: datos y contadores' } },
  { route: 'panelContadores', label: 'Contadores', guide: { name: 'datos-y-contadores', label: 'Guía: datos y contadores' } },
  { route: 'panelTextos', label: 'Textos de las páginas', guide: { name: 'textos', label: 'Guía: textos de las páginas' } },
  { route: 'panelDescargas', label: 'Descargas', guide: { name: 'descargas', label: 'Guía: descargas' } },
  { route: 'panelAliados', label: 'Aliados y miembros', guide: { name: 'aliados', label: 'Guía: aliados y miembros' } },
] as const;
export type ContentPage = (typeof contentPages)[number]['route'];

/** The other content pages of the panel an editor opens from here, and the guide of this one. */
export function ContentNav({ current }: { current: ContentPage }) {
  const { guide } = contentPages.find((part) => part.route === current)!;
  return (
    <nav aria-label="Contenido del sitio">
      <ul className={own.rowButtons}>
        {contentPages
          .filter((part) => part.route !== current)
          .map((part) => (
            <li key={part.route}>
              <Link to={route(part.route)}>{part.label}</Link>
            </li>
          ))}
        <li>
          <a href={route('panelGuia', { name: guide.name })}>{guide.label}</a>
        </li>
      </ul>
    </nav>
  );
}

/** When a set changed last and by whom (Mexico City time), or that the panel never changed it; then `children`. */
export function LastChange({
  updatedAt,
  updatedBy,
  children,
}: {
  updatedAt: string | null;
  updatedBy: string | null;
  children?: ReactNode;
}) {
  return (
    <p className={styles.muted}>
      {updatedAt ? (
        <>
          Última actualización: <time dateTime={updatedAt}>{formatMexicoCity(updatedAt)}</time>, por {updatedBy}.
        </>
      ) : (
        'Aún sin cambios desde el panel.'
      )}
      {children}
    </p>
  );
}
