import axios, { type AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

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

const unsafeMethods = new Set(['post', 'put', 'patch', 'delete']);

/** 32 hex characters from the browser's CSPRNG (`crypto.randomUUID` needs a secure context; this does not). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Gives every submission (POST, PUT, PATCH, DELETE) an `Idempotency-Key` (issue #15 row 3). The key lives in the
 * request's config, so a retry of the same submission sends the same key and the server answers it once; a new
 * submission (pressing Enviar again) is a new request and gets a new key.
 */
export function withIdempotencyKey(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (unsafeMethods.has((config.method ?? 'get').toLowerCase()) && !config.headers.has('Idempotency-Key')) {
    config.headers.set('Idempotency-Key', randomKey());
  }
  return config;
}

/** Waits before retry 1 and 2 of a submission whose answer was lost. */
export const retryDelaysMs = [400, 1200];
/** Retries already made, carried in the request's config (axios copies unknown config fields into the retry's). */
const attemptOf = (config: InternalAxiosRequestConfig): number => (config as { gotaRetries?: number }).gotaRetries ?? 0;

/**
 * Whether a failed submission is sent again: only when its answer was lost on the way (no answer at all, or a
 * gateway's 502/504), never after an answer from the API itself, and at most `retryDelaysMs.length` times. Safe because
 * the retry carries the same `Idempotency-Key`.
 */
export function shouldRetry(error: AxiosError): boolean {
  const config = error.config;
  if (!config || !config.headers?.has('Idempotency-Key')) return false;
  const status = error.response?.status;
  if (status !== undefined && status !== 502 && status !== 504) return false;
  return attemptOf(config) < retryDelaysMs.length;
}

/** The one http client of the site. */
export const http = axios.create({ headers: { Accept: 'application/json' }, withCredentials: true });
http.interceptors.request.use(withSiteHeaders);
http.interceptors.request.use(withIdempotencyKey);
http.interceptors.response.use(
  (response) => {
    adoptCsrfToken(response);
    return response;
  },
  async (error: unknown) => {
    if (!axios.isAxiosError(error)) throw error;
    adoptCsrfToken(error.response);
    if (error.config && shouldRetry(error)) {
      const attempt = attemptOf(error.config);
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
      return http.request({ ...error.config, gotaRetries: attempt + 1 } as InternalAxiosRequestConfig);
    }
    throw error;
  },
);
