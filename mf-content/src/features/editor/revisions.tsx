import { useEffect, useRef, useState } from 'react';
import {
  formatMexicoCity,
  storiesApi,
  type StoryAnswer,
  type StoryRevision,
  type StoryRevisionSummary,
} from '@gota/shared/contracts';
import { handleError, http } from '@gota/shared/http';
import { buttonClass, VisuallyHidden } from '@gota/shared/ui';
import { bodyLines, fieldChanges } from './revision-diff';
import styles from './editor.module.css';

interface RevisionsProps {
  storyId: string;
  initial: StoryRevisionSummary[];
  /** Saves the working copy first (a restore is based on the server's version); false stops the restore. */
  beforeRestore: () => Promise<boolean>;
  version: () => number;
  onRestored: (answer: StoryAnswer) => void;
}

interface Comparison {
  older: StoryRevision;
  newer: StoryRevision;
}

function ComparisonView({ older, newer }: Comparison) {
  const heading = useRef<HTMLHeadingElement>(null);
  // the comparison appears below the list: the reader is taken to it
  useEffect(() => heading.current?.focus(), [older.number, newer.number]);
  const changes = fieldChanges(older.fields, newer.fields);
  const lines = bodyLines(older.fields.body, newer.fields.body);
  const bodyChanged = lines.some((line) => line.kind !== 'same');
  return (
    <section className={styles.comparison} aria-labelledby="comparacion-titulo">
      <h3 id="comparacion-titulo" ref={heading} tabIndex={-1} className={styles.subTitle}>
        Revisión {older.number} comparada con la {newer.number}
      </h3>
      {changes.length === 0 && !bodyChanged && <p>Las dos revisiones son iguales.</p>}
      {changes.length > 0 && (
        <table className={styles.changes}>
          <caption>Campos que cambian</caption>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Revisión {older.number}</th>
              <th scope="col">Revisión {newer.number}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.label}>
                <th scope="row">{change.label}</th>
                <td>{change.before}</td>
                <td>{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {bodyChanged && (
        <>
          <h4 className={styles.subTitle}>Texto</h4>
          <ol className={styles.diff} aria-label={`Cambios del texto de la revisión ${older.number} a la ${newer.number}`}>
            {lines.map((line, index) => (
              <li key={index} data-kind={line.kind}>
                <span aria-hidden="true">{line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}</span>
                {line.kind !== 'same' && <VisuallyHidden>{line.kind === 'added' ? 'Añadido: ' : 'Quitado: '}</VisuallyHidden>}
                {line.text || ' '}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/**
 * The story's revisions (issue #41 item 6): every save is one. Two can be compared (the changed fields, and the body's
 * Markdown line by line), and «Restaurar» makes a new revision from an old one.
 */
export function Revisions({ storyId, initial, beforeRestore, version, onRestored }: RevisionsProps) {
  const [revisions, setRevisions] = useState(initial);
  const [chosen, setChosen] = useState<number[]>([]);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [busy, setBusy] = useState(false);

  async function refresh() {
    try {
      setRevisions((await http.get<StoryRevisionSummary[]>(storiesApi.revisions(storyId))).data);
    } catch (error) {
      handleError(error);
    }
  }

  function choose(number: number, on: boolean) {
    // a third choice replaces the first one made
    setChosen((current) =>
      on ? [...current.filter((item) => item !== number), number].slice(-2) : current.filter((item) => item !== number),
    );
  }

  async function compare() {
    const [a, b] = [...chosen].sort((x, y) => x - y) as [number, number];
    setBusy(true);
    try {
      const [older, newer] = await Promise.all(
        [a, b].map(async (number) => (await http.get<StoryRevision>(storiesApi.revision(storyId, number))).data),
      );
      setComparison({ older: older!, newer: newer! });
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  async function restore(number: number) {
    setBusy(true);
    try {
      if (!(await beforeRestore())) return;
      const answer = (await http.post<StoryAnswer>(storiesApi.restore(storyId, number), { version: version() })).data;
      onRestored(answer);
      setComparison(null);
      setChosen([]);
      await refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className={styles.revisions} onToggle={(event) => event.currentTarget.open && void refresh()}>
      <summary>Revisiones ({revisions.length})</summary>
      <p className={styles.revisionsHint}>
        Cada guardado es una revisión. Marca dos para compararlas; restaurar una antigua crea una revisión nueva con su contenido.
      </p>
      <ol className={styles.revisionList} aria-label="Revisiones de la historia">
        {revisions.map((revision) => (
          <li key={revision.number} className={styles.revision}>
            <input
              type="checkbox"
              id={`revision-${revision.number}`}
              checked={chosen.includes(revision.number)}
              onChange={(event) => choose(revision.number, event.target.checked)}
            />
            <label htmlFor={`revision-${revision.number}`}>
              <strong>Revisión {revision.number}</strong> · {revision.by} ·{' '}
              <time dateTime={revision.at}>{formatMexicoCity(revision.at)}</time>
            </label>
            <button
              type="button"
              className={buttonClass({ variant: 'outlined', shape: 'pill' })}
              aria-label={`Restaurar la revisión ${revision.number}`}
              disabled={busy}
              onClick={() => void restore(revision.number)}
            >
              Restaurar
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={buttonClass({ variant: 'tonal', shape: 'pill' })}
        disabled={chosen.length !== 2 || busy}
        onClick={() => void compare()}
      >
        Comparar las dos revisiones marcadas
      </button>
      {comparison && <ComparisonView {...comparison} />}
    </details>
  );
}
