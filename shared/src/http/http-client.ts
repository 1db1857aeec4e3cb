// The one http client of the site (decision 037): one axios instance; the site's rules are its config and interceptors.
import axios, {
  isAxiosError,
  isCancel,
  type AxiosResponse,
  type GenericAbortSignal,
  type InternalAxiosRequestConfig,
} from 'axios';

// what the rest of the site needs of axios besides the instance: code outside this folder does not import axios
// (lint), so the page has one client with one set of rules
export { AxiosError, isAxiosError, isCancel, type AxiosResponse } from 'axios';

/** Reads the anti-forgery token the server put in `<meta name="csrf-token">`; null (and a console error) when missing. */
function readCsrfToken(doc: Document = document): string | null {
  const token = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (!token) {
    console.error('No se encontró el token anti-falsificación (meta csrf-token).');
    return null;
  }
  return token;
}

/** The headers every request of the site carries (product §7); a retry passes here again. */
function withSiteHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set('X-Requested-With', 'XMLHttpRequest');
  // read on every request (and every retry): the token changes when the session does (sign in, sign out)
  const token = readCsrfToken();
  if (token) config.headers.set('X-CSRF-TOKEN', token);
  else config.headers.delete('X-CSRF-TOKEN');
  return config;
}

/**
 * When the session changes (sign in, sign out, an expired session, a first post without the cookie) the server sends
 * the new anti-forgery token in an `X-CSRF-TOKEN` response header; it replaces the meta tag's, so the next request
 * carries it. Error answers (a 419, a 422, a gateway's 502 before a retry) may carry it too.
 */
function adoptCsrfToken(response: Pick<AxiosResponse, 'headers'> | undefined, doc: Document = document): void {
  // axios names response headers in lower case
  const token: unknown = response?.headers['x-csrf-token'];
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
 * Gives every submission (POST, PUT, PATCH, DELETE) an `Idempotency-Key` (decision 011). A retry sends the config
 * of the request it repeats, which holds the key already, so it goes with the same one and the server answers it once;
 * a new submission (pressing Enviar again) is a new call and gets a new key. A key the caller chose is kept.
 */
function withIdempotencyKey(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (unsafeMethods.has(config.method ?? 'get') && !config.headers.has('Idempotency-Key'))
    config.headers.set('Idempotency-Key', randomKey());
  return config;
}

/** Waits before retry 1 and 2 of a submission whose answer was lost. */
export const retryDelaysMs = [400, 1200];

/** A request's config with the number of retries already made of it (axios carries unknown config fields along). */
type RetryConfig = InternalAxiosRequestConfig & { retriesMade?: number };

/**
 * Whether a failed submission is sent again: only when its answer was lost on the way (no answer at all, or a
 * gateway's 502/504), never after an answer from the API itself nor after an abort, only when it carries an
 * `Idempotency-Key` (so the server answers it once), and at most `retryDelaysMs.length` times.
 */
function shouldRetry(error: unknown, config: RetryConfig): boolean {
  if (isCancel(error) || !config.headers.has('Idempotency-Key')) return false;
  const status = isAxiosError(error) ? error.response?.status : undefined;
  if (status !== undefined && status !== 502 && status !== 504) return false;
  return (config.retriesMade ?? 0) < retryDelaysMs.length;
}

/** Waits `ms`, or less if the signal aborts first (the retry that follows then fails as cancelled). */
function wait(ms: number, signal: GenericAbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener?.('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener?.('abort', done);
  });
}

/**
 * The one http client of the site. Config: `Accept: application/json` (a caller's header wins), credentials, the XHR
 * adapter (it reports upload progress, which fetch cannot: decision 037), and no XSRF cookie (the token is the meta
 * tag's; without this the adapter would read a cookie before every request). Interceptors: the site headers and the
 * `Idempotency-Key` on the way out; on the way back the token of any answer, success or error, and the retry of a
 * lost answer. `validateStatus`, `responseType: 'text'`, `signal` and `onUploadProgress` are axios's own options.
 */
export const http = axios.create({
  adapter: 'xhr',
  headers: { Accept: 'application/json' },
  withCredentials: true,
  withXSRFToken: false,
});
http.interceptors.request.use(withSiteHeaders);
http.interceptors.request.use(withIdempotencyKey);
http.interceptors.response.use(
  (response) => {
    adoptCsrfToken(response);
    return response;
  },
  async (error: unknown) => {
    if (!isAxiosError(error) || !error.config) throw error;
    adoptCsrfToken(error.response);
    const config: RetryConfig = error.config;
    if (!shouldRetry(error, config)) throw error;
    const retriesMade = config.retriesMade ?? 0;
    await wait(retryDelaysMs[retriesMade] ?? 0, config.signal);
    // through the interceptors again: the retry reads the token anew and keeps the key
    return http.request({ ...config, retriesMade: retriesMade + 1 } as RetryConfig);
  },
);
