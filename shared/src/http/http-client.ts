import axios, { type InternalAxiosRequestConfig } from 'axios';

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

/** The one http client of the site. */
export const http = axios.create({ headers: { Accept: 'application/json' }, withCredentials: true });
http.interceptors.request.use(withSiteHeaders);
