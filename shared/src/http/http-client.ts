import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** Reads the anti-forgery token the server put in `<meta name="csrf-token">`; null (and a console error) when missing. */
export function readCsrfToken(doc: Document = document): string | null {
  const token = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (!token) {
    console.error('No se encontró el token anti-falsificación (meta csrf-token).');
    return null;
  }
  return token;
}

/** Adds the headers every request of the site carries (SPEC §7). Exported for the navigation client's fetch. */
export function withSiteHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set('X-Requested-With', 'XMLHttpRequest');
  // read on every request: the token changes when the session does (sign in, sign out)
  const token = readCsrfToken();
  if (token) config.headers.set('X-CSRF-TOKEN', token);
  else config.headers.delete('X-CSRF-TOKEN');
  return config;
}

/**
 * When the session changes (sign in, sign out, an expired session, a first post without the cookie) the server sends
 * the new anti-forgery token in an `X-CSRF-TOKEN` response header; it replaces the meta tag's, so the next request
 * carries it. Error answers (a 419, a 422) may carry it too.
 */
export function adoptCsrfToken(response: Pick<AxiosResponse, 'headers'> | undefined, doc: Document = document): void {
  const token = response?.headers?.['x-csrf-token'];
  if (typeof token !== 'string' || token === '') return;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'csrf-token';
    doc.head.append(meta);
  }
  meta.content = token;
}

/** The one http client of the site. */
export const http = axios.create({ headers: { Accept: 'application/json' }, withCredentials: true });
http.interceptors.request.use(withSiteHeaders);
http.interceptors.response.use(
  (response) => {
    adoptCsrfToken(response);
    return response;
  },
  (error: unknown) => {
    if (axios.isAxiosError(error)) adoptCsrfToken(error.response);
    return Promise.reject(error);
  },
);
