import { useEffect, useState } from 'react';
import { searchQueryMaxLength, searchTexts } from '@gota/shared/contracts';
import { isCancel } from '@gota/shared/http';
import { fetchSearch, type SearchAnswer } from './search-client';

/**
 * How long typing must pause before a query is sent. Short: a visitor sees the first results under 100 ms after the last
 * key (issue #34 item 6; at 50 ms the median was 95 and the slowest 106), and a burst of keys (a held key, a paste, a
 * phone's suggestion) still sends one request. A quick typist's keys are 100 ms or more apart: one request each either way.
 */
export const searchDebounceMs = 30;

export interface SearchState extends SearchAnswer {
  /** `loading` keeps the previous results on screen until the new ones arrive. */
  status: 'idle' | 'loading' | 'done';
  /** The query the results are for. */
  query: string;
}

const idle: SearchState = { status: 'idle', query: '', results: null };

/** The answers of this page's last queries: deleting a letter shows its results again at once. */
const recent = new Map<string, SearchAnswer>();
function remember(query: string, answer: SearchAnswer) {
  recent.delete(query);
  recent.set(query, answer);
  if (recent.size > 30) recent.delete(recent.keys().next().value!);
}

/**
 * The results for what the visitor is typing (issue #34 item 4): debounced; each new query aborts the request of the
 * previous one, so a slow, stale answer never replaces a newer one.
 *
 * @example
 * const { status, results, problem } = useSearch(query)
 */
export function useSearch(typed: string): SearchState {
  const query = typed.trim();
  // the last answer that arrived: still shown, as loading, while the next query is on its way
  const [arrived, setArrived] = useState<{ query: string; answer: SearchAnswer } | null>(null);
  const tooLong = [...query].length > searchQueryMaxLength;
  const known =
    query === '' || tooLong ? undefined : (recent.get(query) ?? (arrived?.query === query ? arrived.answer : undefined));

  useEffect(() => {
    if (query === '' || tooLong || recent.has(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSearch(query, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          if (!answer.problem) remember(query, answer);
          setArrived({ query, answer });
        })
        .catch((error: unknown) => {
          if (isCancel(error) || controller.signal.aborted) return;
          setArrived({ query, answer: { results: null, problem: searchTexts.failed } });
        });
    }, searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, tooLong]);

  if (query === '') return idle;
  if (tooLong) return { status: 'done', query, results: null, problem: searchTexts.tooLong };
  if (known) return { status: 'done', query, ...known };
  return {
    status: 'loading',
    query: arrived?.query ?? '',
    results: arrived?.answer.results ?? null,
    problem: arrived?.answer.problem,
  };
}

/** Forgets the remembered answers (tests). */
export function forgetSearches(): void {
  recent.clear();
}
