/**
 * The site's search (issue #34, decision 042): what `/buscar` answers and the search dialog shows, and its Spanish
 * texts. One page object serves both: the results page renders it, the dialog reads its `results`.
 */

/** Longest query the search takes, in characters (after trimming). */
export const searchQueryMaxLength = 100;

/** Results per page of `/buscar` (the dialog shows the first page). */
export const searchPageSize = 10;

/** What a result is. */
export type SearchKind = 'historia' | 'dato' | 'aliado' | 'miembro' | 'pagina';

/**
 * Text with the matched words marked, as plain strings: even items are as written, odd items are what matched (shown in
 * `<mark>`). No HTML travels, so neither the content nor the query can inject any.
 */
export type MarkedText = string[];

export interface SearchHit {
  kind: SearchKind;
  /** A path of this site, with an anchor when the result is one part of a page. */
  url: string;
  title: MarkedText;
  /** A short passage around the matched words (the start of the text when the match is in the title only). */
  snippet: MarkedText;
  /** Where the result lives, in words: «Historia · 17 de octubre de 2025», «Aliado», «Quiénes somos». */
  label: string;
}

export interface SearchResults {
  hits: SearchHit[];
  /** Every matching result, over all pages: at most the count's cap (1,000), and then `more` says so. */
  total: number;
  /** More results match than `total` (the count stopped at its cap). */
  more?: boolean;
  /** 1-based. */
  page: number;
}

/** A story as the empty and zero-result states link it. */
interface SearchSuggestion {
  title: string;
  url: string;
}

/** The props of the `Buscar` page (mf-stories). */
export interface SearchPageProps {
  /** The query as the visitor wrote it (trimmed). */
  query: string;
  /** Null when there was nothing to search (an empty or refused query, or the search is unavailable). */
  results: SearchResults | null;
  /** Why there are no results to show: a query that is too long, too many searches, the search unavailable. */
  problem?: string | undefined;
  /** The newest stories, for the empty and zero-result states. */
  latest: SearchSuggestion[];
}

export const searchTexts = {
  label: 'Buscar...',
  button: 'Buscar',
  tooLong: `La búsqueda admite hasta ${searchQueryMaxLength} caracteres. Escribe menos palabras.`,
  throttled: 'Hiciste muchas búsquedas seguidas. Espera unos segundos y vuelve a intentarlo.',
  unavailable: 'La búsqueda no está disponible en este momento. Vuelve a intentarlo en unos minutos.',
  empty: 'Busca entre historias, datos sobre el agua, aliados, miembros y las páginas del movimiento.',
  failed: 'No pudimos buscar. Revisa tu conexión y vuelve a intentarlo.',
} as const;

/** «1 resultado», «12 resultados», «Más de 1,000 resultados». */
export function resultCount(total: number, more = false): string {
  const count = `${total.toLocaleString('es-MX')} ${total === 1 && !more ? 'resultado' : 'resultados'}`;
  return more ? `Más de ${count}` : count;
}

/** «No encontramos resultados para «…».» */
export function noResultsFor(query: string): string {
  return `No encontramos resultados para «${query}».`;
}

/** The address of a search's results: `/buscar?q=agua`, `/buscar?q=agua&pagina=2`. */
export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('pagina', String(page));
  return `/buscar?${params.toString()}`;
}
