import { isPageObject, searchPath, searchTexts, type SearchPageProps, type SearchResults } from '@gota/shared/contracts';
import { http } from '@gota/shared/http';

/** What the search dialog shows for a query: results, or why there are none (a refusal, a failure). */
export interface SearchAnswer {
  results: SearchResults | null;
  problem?: string | undefined;
}

/**
 * The results of a query, as the page object of `/buscar` (issue #34): the same URL, and so the same kept answer, as the
 * results page, for every anonymous visitor. A refusal (422, 429) or an unavailable search (503) comes with its Spanish
 * reason in the page's props; any other answer is a failure. An abort rejects as axios's cancellation.
 *
 * @example
 * const { results, problem } = await fetchSearch('acuífero', controller.signal)
 */
export async function fetchSearch(query: string, signal: AbortSignal): Promise<SearchAnswer> {
  const response = await http.get<string>(searchPath(query), {
    headers: { 'X-Inertia': 'true', Accept: 'text/html, application/xhtml+xml' },
    signal,
    responseType: 'text',
    validateStatus: () => true,
  });
  let page: unknown = null;
  try {
    page = JSON.parse(response.data);
  } catch {
    // not a page object: a failure, below
  }
  if (isPageObject(page) && page.component === 'Buscar') {
    const props = page.props as unknown as SearchPageProps;
    return { results: props.results, problem: props.problem };
  }
  return { results: null, problem: searchTexts.failed };
}
