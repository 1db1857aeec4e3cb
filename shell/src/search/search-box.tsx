import { useId, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { noResultsFor, resultCount, searchPath, searchTexts, type SearchHit } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { useNavigate } from '@gota/shared/router';
import { MarkedText, VisuallyHidden } from '@gota/shared/ui';
import { releaseTyping } from './held-typing';
import styles from './search-box.module.css';
import { useSearch } from './use-search';

export interface SearchBoxProps {
  /** The visitor chose a result or asked for every result: whoever holds the box closes it. */
  onNavigate: () => void;
  /** `dialog`: the top bar's search; `drawer`: the phone's menu. */
  variant: 'dialog' | 'drawer';
}

/** One row of the list: a result, or «Ver los N resultados» at its end. */
type Option = { kind: 'hit'; hit: SearchHit; url: string } | { kind: 'all'; url: string; total: number; more: boolean };

function SearchIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The search field with its results as the visitor types (issue #34 item 4), after the WAI-ARIA combobox pattern: the
 * focus stays in the field; Arrow keys move through the results (`aria-activedescendant`), Enter opens the one chosen,
 * or, with none chosen, the results page; the count is announced. It is a GET form to /buscar with `type="search"` and
 * `enterkeyhint="search"`, so a phone's search key submits it. Escape closes the dialog or drawer around it.
 */
export function SearchBox({ onNavigate, variant }: SearchBoxProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const search = useSearch(query);
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-resultados`;
  const statusId = `${id}-estado`;
  const typed = query.trim();

  const hits = typed ? (search.results?.hits ?? []) : [];
  const total = typed ? (search.results?.total ?? 0) : 0;
  const more = typed !== '' && search.results?.more === true;
  const options: Option[] = hits.map((hit) => ({ kind: 'hit', hit, url: hit.url }));
  if (total > 0) options.push({ kind: 'all', url: searchPath(search.query), total, more });
  const expanded = options.length > 0;
  const current = active >= 0 && active < options.length ? active : -1;

  const open = (url: string) => {
    onNavigate();
    void navigate(url);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const option = options[current];
    open(option ? option.url : typed ? searchPath(typed) : route('buscar'));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // past either end the choice goes back to the field, as in the pattern's examples
      setActive((index) => {
        const next = (index < 0 ? (step > 0 ? -1 : options.length) : index) + step;
        return next < 0 || next >= options.length ? -1 : next;
      });
    }
  };
  const follow = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    // a click with a modifier opens a new tab, as on any link
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(url);
  };

  let status = '';
  if (search.problem && search.query === typed) status = search.problem;
  else if (search.status === 'done' && search.query === typed && search.results)
    status = total > 0 ? resultCount(total, more) : noResultsFor(typed);

  return (
    <form
      role="search"
      aria-label="Búsqueda al escribir"
      action={route('buscar')}
      method="get"
      className={`${styles.box} ${styles[variant]}`}
      onSubmit={submit}
      data-search-box=""
    >
      <div className={styles.field}>
        <SearchIcon />
        <VisuallyHidden as="label" htmlFor={`${id}-q`}>
          Buscar en Gota a Gota
        </VisuallyHidden>
        <input
          id={`${id}-q`}
          className={styles.input}
          type="search"
          name="q"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? `${id}-r${current}` : undefined}
          aria-describedby={statusId}
          enterKeyHint="search"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={searchTexts.label}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            // the letters typed while the dialog was on its way
            const typedBefore = releaseTyping();
            if (typedBefore) setQuery((value) => value + typedBefore);
          }}
        />
      </div>
      <p id={statusId} role="status" className={styles.status} data-busy={search.status === 'loading' ? '' : undefined}>
        {status || (typed === '' && variant === 'dialog' ? searchTexts.empty : '')}
      </p>
      <ul id={listId} role="listbox" aria-label="Resultados" className={styles.list} hidden={!expanded}>
        {options.map((option, index) => (
          <li key={`${option.url} ${index}`} role="presentation">
            <a
              id={`${id}-r${index}`}
              role="option"
              aria-selected={index === current}
              tabIndex={-1}
              href={option.url}
              className={option.kind === 'all' ? `${styles.option} ${styles.all}` : styles.option}
              onClick={(event) => follow(event, option.url)}
              onMouseMove={() => setActive(index)}
            >
              {option.kind === 'hit' ? (
                <>
                  <span className={styles.title}>
                    <MarkedText text={option.hit.title} />
                  </span>
                  <span className={styles.label}>{option.hit.label}</span>
                  {option.hit.snippet.length > 0 && (
                    <span className={styles.snippet}>
                      <MarkedText text={option.hit.snippet} />
                    </span>
                  )}
                </>
              ) : (
                `Ver ${option.more ? resultCount(option.total, true).toLowerCase() : option.total === 1 ? 'el resultado' : `los ${resultCount(option.total)}`} en la página de búsqueda`
              )}
            </a>
          </li>
        ))}
      </ul>
    </form>
  );
}
