import { http } from '@gota/shared/http';
import { route } from '@gota/shared/routes';

/**
 * Ends the session and loads the page the server names (`{url: '/'}`) as a new document, so every part of the page (and
 * every remote) starts signed out with the new session's token.
 */
export async function signOut(): Promise<void> {
  const response = await http.post<{ url?: unknown } | ''>(route('logout'));
  // an answer without a body gives ''
  const url = response.data === '' ? undefined : response.data.url;
  window.location.assign(typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : route('index'));
}
