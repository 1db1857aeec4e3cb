import { useId, type FormEvent } from 'react';
import {
  noResultsFor,
  resultCount,
  searchPageSize,
  searchPath,
  searchTexts,
  type PagePropsOf,
  type SearchHit,
  type SearchPageProps,
} from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { Link, useNavigate } from '@gota/shared/router';
import { buttonClass, MarkedText } from '@gota/shared/ui';
import styles from './search-page.module.css';

function Hit({ hit }: { hit: SearchHit }) {
  return (
    <li className={styles.hit}>
      <Link className={styles.hitLink} to={hit.url}>
        <MarkedText text={hit.title} />
      </Link>
      <span className={styles.label}>{hit.label}</span>
      {hit.snippet.length > 0 && (
        <p className={styles.snippet}>
          <MarkedText text={hit.snippet} />
        </p>
      )}
    </li>
  );
}

/** Where to go on from an empty search or one that found nothing: the newest stories and the allies. */
function GoOn({ latest }: Pick<SearchPageProps, 'latest'>) {
  return (
    <section className={styles.goOn} aria-labelledby="buscar-recientes">
      <h2 id="buscar-recientes" className={styles.goOnTitle}>
        Historias recientes
      </h2>
      <ul className={styles.goOnList}>
        {latest.map((story) => (
          <li key={story.url}>
            <Link to={story.url}>{story.title}</Link>
          </li>
        ))}
      </ul>
      <p className={styles.goOnMore}>
        <Link to={route('blog')}>Ver todas las historias</Link> · <Link to={route('aliados')}>Conoce a nuestros aliados</Link>
      </p>
    </section>
  );
}

/**
 * The search's results (issue #34, product §2 "Search"): a plain GET form, so it works before the scripts arrive and
 * without them; once live, a new search is a client-side visit. The count is announced; an empty search and one that
 * found nothing say what to try and lead to the newest stories and the allies.
 */
export function SearchPage({ query, results, problem, latest }: PagePropsOf<'Buscar'>) {
  const navigate = useNavigate();
  const fieldId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    event.preventDefault();
    void navigate(value ? searchPath(value) : route('buscar'));
  };
  const page = results?.page ?? 1;
  const pages = results ? Math.ceil(results.total / searchPageSize) : 0;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{query ? `Resultados de «${query}»` : 'Buscar'}</h1>
      <form
        role="search"
        aria-label="Nueva búsqueda"
        action={route('buscar')}
        method="get"
        className={styles.form}
        onSubmit={submit}
      >
        <label htmlFor={fieldId} className={styles.fieldLabel}>
          ¿Qué buscas?
        </label>
        <div className={styles.row}>
          <input
            id={fieldId}
            key={query}
            className={styles.field}
            type="search"
            name="q"
            defaultValue={query}
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            placeholder={searchTexts.label}
          />
          <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' }, styles.submit)}>
            {searchTexts.button}
          </button>
        </div>
      </form>

      <div role="status" className={styles.status}>
        {problem ? (
          <p className={styles.problem}>{problem}</p>
        ) : results && results.total > 0 ? (
          <p>
            {resultCount(results.total, results.more)}
            {pages > 1 && ` · página ${page}${results.more ? '' : ` de ${pages}`}`}
          </p>
        ) : results ? (
          <p>{noResultsFor(query)}</p>
        ) : null}
      </div>

      {results && results.hits.length > 0 && (
        <ol className={styles.hits} start={(page - 1) * searchPageSize + 1}>
          {results.hits.map((hit) => (
            <Hit key={`${hit.url} ${hit.title.join('')}`} hit={hit} />
          ))}
        </ol>
      )}

      {results && pages > 1 && (
        <nav className={styles.pager} aria-label="Páginas de resultados">
          {page > 1 && (
            <Link className={buttonClass({ variant: 'outlined', shape: 'pill' })} to={searchPath(query, page - 1)} rel="prev">
              Resultados anteriores
            </Link>
          )}
          {page < pages && (
            <Link className={buttonClass({ variant: 'outlined', shape: 'pill' })} to={searchPath(query, page + 1)} rel="next">
              Más resultados
            </Link>
          )}
        </nav>
      )}

      {(!results || results.total === 0) && (
        <>
          {!problem && (
            <p className={styles.hint}>
              {results ? 'Revisa cómo lo escribiste o prueba con menos palabras o con otras.' : searchTexts.empty}
            </p>
          )}
          <GoOn latest={latest} />
        </>
      )}
    </div>
  );
}

export default SearchPage;
