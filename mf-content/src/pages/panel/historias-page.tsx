import { useState } from 'react';
import { formatMexicoCity, storyStateLabels, type PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { Link, useNavigate } from '@gota/shared/router';
import { buttonClass, SearchForm, TextField } from '@gota/shared/ui';
import { ContentNav } from '../../features/content-panel/set-history';
import styles from './panel.module.css';

/** What the live region says about the list shown. */
function resultText(count: number, query: string): string {
  if (count === 0) return query ? `Ninguna historia coincide con «${query}».` : 'Todavía no hay historias.';
  const shown = count === 1 ? '1 historia' : `${count.toLocaleString('es-MX')} historias`;
  return query ? `${shown} con «${query}».` : `${shown}.`;
}

/**
 * `Panel/Historias` (GET /panel/historias, issue #41 item 3): the campaign team's stories, their state and who changed
 * them last; a search box (a GET form: ?q=, which works before and without scripts), a new story, the guide.
 */
export function HistoriasPage({ stories, query }: PagePropsOf<'Panel/Historias'>) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(query);

  function onSearch() {
    const q = draft.trim();
    void navigate(`${route('panelHistorias')}${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Historias</h1>
        <p className={styles.lead}>
          Escribe, revisa y publica las historias del sitio. ¿Primera vez? Lee la guía{' '}
          <a href={route('panelGuia', { name: 'historias' })}>Publicar una historia</a>.
        </p>
        <ContentNav current="panelHistorias" />
        <p>
          <Link to={route('panelHistoriaNueva')} className={buttonClass({ variant: 'filled', shape: 'pill' })}>
            Nueva historia
          </Link>
        </p>
      </header>

      <SearchForm className={styles.search} action={route('panelHistorias')} aria-label="Buscar historias" onSearch={onSearch}>
        <TextField
          id="historias-q"
          name="q"
          type="search"
          label="Buscar"
          hint="Por título o dirección."
          value={draft}
          onValueChange={setDraft}
          maxLength={200}
        />
        <button type="submit" className={buttonClass({ variant: 'tonal', shape: 'pill' })}>
          Buscar
        </button>
        {query && (
          <Link to={route('panelHistorias')} className={buttonClass({ variant: 'plain', shape: 'pill' })}>
            Ver todas
          </Link>
        )}
      </SearchForm>

      <p role="status" className={styles.result}>
        {resultText(stories.length, query)}
      </p>
      {stories.length > 0 && (
        <ul className={styles.stories} aria-label="Historias">
          {stories.map((story) => (
            <li key={story.id} className={styles.story} aria-labelledby={`historia-${story.id}`}>
              <h2 id={`historia-${story.id}`} className={styles.storyTitle}>
                <Link to={route('panelHistoria', { id: story.id })}>{story.titulo}</Link>
              </h2>
              <p className={styles.stateLine}>
                <span className={styles.badge} data-state={story.state}>
                  {storyStateLabels[story.state]}
                </span>
                {story.pendingChanges && <span className={styles.pending}>cambios sin publicar</span>}
                {story.state === 'programada' && story.publishAt && <span>para el {formatMexicoCity(story.publishAt)}</span>}
              </p>
              <p className={styles.muted}>
                Último cambio: {story.updatedBy}, <time dateTime={story.updatedAt}>{formatMexicoCity(story.updatedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default HistoriasPage;
