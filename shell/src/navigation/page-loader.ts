import { isPageObject, type PageObject } from '@gota/shared/contracts';
import { http, isAxiosError, isCancel } from '@gota/shared/http';

export const plainJsonMessage =
  'All Inertia requests must receive a valid Inertia response, however a plain JSON response was received.';

export type VisitResult =
  | { kind: 'page'; page: PageObject }
  /** The server's version changed (a deploy): reload the whole document at this location. */
  | { kind: 'reload'; location: string }
  /** Anything that is not a page object: shown in the full-screen modal. */
  | { kind: 'invalid'; content: string; isHtml: boolean }
  /** No answer at all (offline, server down). */
  | { kind: 'network-error'; error: unknown };

export interface VisitOptions {
  version: string;
  signal?: AbortSignal;
  /** Partial reload: the component and the props to refresh. */
  only?: { component: string; props: string[] };
}

/**
 * One page visit of the navigation client (architecture §3): asks for the page object with the protocol headers and
 * sorts the answer. Redirects are followed by the browser; the page object's `url` says where we ended up.
 */
export async function fetchPage(url: string, options: VisitOptions): Promise<VisitResult> {
  // `no-cache`: the browser asks the server (a 304 when nothing changed) instead of answering from its own copy, which
  // the edge's `stale-while-revalidate` would let it do for a minute: a tab would show the page of a release that was
  // replaced or rolled back meanwhile, and miss the 409 that moves it onto the active one (issue #31 item 7)
  const headers: Record<string, string> = { 'X-Inertia': 'true', 'X-Inertia-Version': options.version, Accept: 'text/html, application/xhtml+xml', 'Cache-Control': 'no-cache' };
  if (options.only) {
    headers['X-Inertia-Partial-Component'] = options.only.component;
    headers['X-Inertia-Partial-Data'] = options.only.props.join(',');
  }
  let response;
  try {
    response = await http.get<string>(url, {
      headers,
      signal: options.signal,
      responseType: 'text',
      validateStatus: () => true,
    });
  } catch (error) {
    if (isCancel(error) || options.signal?.aborted) throw error;
    if (isAxiosError(error) && !error.response) return { kind: 'network-error', error };
    throw error;
  }
  const location = response.headers['x-inertia-location'];
  if (response.status === 409 && location) return { kind: 'reload', location };
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.headers['x-inertia'] === 'true') {
    try {
      const page: unknown = JSON.parse(response.data);
      if (isPageObject(page)) return { kind: 'page', page };
    } catch {
      // falls through: a broken body is shown like any other non-page reply
    }
  }
  if (contentType.includes('application/json')) {
    return { kind: 'invalid', content: `${plainJsonMessage}\n\n${response.data}`, isHtml: false };
  }
  return { kind: 'invalid', content: response.data, isHtml: contentType.includes('text/html') };
}
