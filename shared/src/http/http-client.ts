// The one http client of the site (decision 019): what the site used of axios, on XMLHttpRequest, in a page of code.

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Header names as sent; response headers come with lower-case names. */
export type HttpHeaders = Record<string, string>;

/** What a caller may ask for besides method, url and body. */
interface RequestOptions {
  headers?: HttpHeaders;
  /** Aborts the request (and any retry still to come); the promise then rejects with a cancelled `HttpError`. */
  signal?: AbortSignal;
  /** `json` (default): the body parsed as JSON, or its text when it is not JSON, or null when empty. `text`: the text. */
  responseType?: 'json' | 'text';
  /** Which statuses resolve; the others reject with an `HttpError` carrying the answer. Default: 2xx. */
  validateStatus?: (status: number) => boolean;
  /** Called while the body is being sent (bytes sent of the body's total). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface RequestConfig extends RequestOptions {
  method: HttpMethod;
  url: string;
  /** A `FormData` goes as multipart (the browser writes the boundary); anything else but null/undefined as JSON. */
  data?: unknown;
}

interface UploadProgress {
  loaded: number;
  total: number;
}

export interface HttpResponse<T = unknown> {
  status: number;
  data: T;
  headers: HttpHeaders;
}

/** What the client hands to the transport: the request as it goes on the wire. */
export interface TransportRequest {
  method: Uppercase<HttpMethod>;
  url: string;
  headers: HttpHeaders;
  body: string | FormData | undefined;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** The answer as it came: any status, headers with lower-case names, the body's text. */
export interface TransportResponse {
  status: number;
  headers: HttpHeaders;
  body: string;
}

/**
 * Sends one request. Resolves with the answer, whatever its status; rejects when no answer came (network down, server
 * gone, aborted). The browser's is `xhrTransport`; tests put a fake one on `http.transport`.
 */
export type HttpTransport = (request: TransportRequest) => Promise<TransportResponse>;

/**
 * A failed request: `response` is the answer (status, data, headers) when one came and was refused by
 * `validateStatus`, and undefined when none came. `canceled` when the caller aborted it.
 */
export class HttpError<T = unknown> extends Error {
  /** Lets `isHttpError` recognise an error from any copy of this module. */
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly config: RequestConfig,
    readonly response?: HttpResponse<T>,
    readonly canceled = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The answer's status, undefined when no answer came. */
  get status(): number | undefined {
    return this.response?.status;
  }
}

export function isHttpError<T = unknown>(error: unknown): error is HttpError<T> {
  return typeof error === 'object' && error !== null && (error as { isHttpError?: unknown }).isHttpError === true;
}

/** True for a request its caller aborted (a new visit replaced it): nothing to report. */
export function isCancel(error: unknown): boolean {
  return isHttpError(error) && error.canceled;
}

/** Reads the anti-forgery token the server put in `<meta name="csrf-token">`; null (and a console error) when missing. */
function readCsrfToken(doc: Document = document): string | null {
  const token = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (!token) {
    console.error('No se encontró el token anti-falsificación (meta csrf-token).');
    return null;
  }
  return token;
}

const hasHeader = (headers: HttpHeaders, name: string): boolean =>
  Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/** Adds the headers every request of the site carries (product §7) to these headers and returns them. */
export function withSiteHeaders(headers: HttpHeaders): HttpHeaders {
  for (const key of Object.keys(headers)) if (/^(x-requested-with|x-csrf-token)$/i.test(key)) delete headers[key];
  headers['X-Requested-With'] = 'XMLHttpRequest';
  // read on every request (and every retry): the token changes when the session does (sign in, sign out)
  const token = readCsrfToken();
  if (token) headers['X-CSRF-TOKEN'] = token;
  return headers;
}

/**
 * When the session changes (sign in, sign out, an expired session, a first post without the cookie) the server sends
 * the new anti-forgery token in an `X-CSRF-TOKEN` response header; it replaces the meta tag's, so the next request
 * carries it. Error answers (a 419, a 422) may carry it too.
 */
export function adoptCsrfToken(response: Pick<HttpResponse, 'headers'> | undefined, doc: Document = document): void {
  const token = response?.headers['x-csrf-token'];
  if (typeof token !== 'string' || token === '') return;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'csrf-token';
    doc.head.append(meta);
  }
  meta.content = token;
}

const unsafeMethods = new Set<HttpMethod>(['post', 'put', 'patch', 'delete']);

/** 32 hex characters from the browser's CSPRNG (`crypto.randomUUID` needs a secure context; this does not). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Gives every submission (POST, PUT, PATCH, DELETE) an `Idempotency-Key` (issue #15 row 3). The key is chosen once per
 * call of `http.request`, so a retry of the same submission sends the same key and the server answers it once; a new
 * submission (pressing Enviar again) is a new call and gets a new key.
 */
function withIdempotencyKey(method: HttpMethod, headers: HttpHeaders): HttpHeaders {
  if (unsafeMethods.has(method) && !hasHeader(headers, 'Idempotency-Key')) headers['Idempotency-Key'] = randomKey();
  return headers;
}

/** Waits before retry 1 and 2 of a submission whose answer was lost. */
export const retryDelaysMs = [400, 1200];

/**
 * Whether a failed submission is sent again after `retries` retries: only when its answer was lost on the way (no
 * answer at all, or a gateway's 502/504), never after an answer from the API itself nor a cancel, only when it carries
 * an `Idempotency-Key` (so the server answers it once), and at most `retryDelaysMs.length` times.
 */
function shouldRetry(error: unknown, headers: HttpHeaders, retries: number): boolean {
  if (!isHttpError(error) || error.canceled || !hasHeader(headers, 'Idempotency-Key')) return false;
  const status = error.status;
  if (status !== undefined && status !== 502 && status !== 504) return false;
  return retries < retryDelaysMs.length;
}

/** `getAllResponseHeaders()` as an object with lower-case names. */
export function parseHeaders(raw: string): HttpHeaders {
  const headers: HttpHeaders = {};
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The browser's transport. XMLHttpRequest rather than fetch because a form with files shows its upload progress
 * (`xhr.upload` progress events), which fetch cannot report (decision 019). Credentials go along (`withCredentials`).
 */
export const xhrTransport: HttpTransport = (request) =>
  new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(new Error('Petición cancelada'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    const progress = request.onUploadProgress;
    if (progress && request.body !== undefined) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) progress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onload = () => resolve({ status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()), body: xhr.responseText });
    xhr.onerror = xhr.ontimeout = () => reject(new Error('Sin respuesta del servidor'));
    xhr.onabort = () => reject(new Error('Petición cancelada'));
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort);
    xhr.send(request.body ?? null);
  });

function parseBody(body: string, responseType: RequestOptions['responseType']): unknown {
  if (responseType === 'text') return body;
  if (body === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    // a proxy's HTML error page, a plain-text answer: kept as text, so the error handler can still show the status
    return body;
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

export interface HttpClient {
  /** Sends the request through `transport`; changeable (tests put a fake one here). */
  transport: HttpTransport;
  request: <T = unknown>(config: RequestConfig) => Promise<HttpResponse<T>>;
  get: <T = unknown>(url: string, options?: RequestOptions) => Promise<HttpResponse<T>>;
  delete: <T = unknown>(url: string, options?: RequestOptions) => Promise<HttpResponse<T>>;
  post: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) => Promise<HttpResponse<T>>;
  put: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) => Promise<HttpResponse<T>>;
  patch: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) => Promise<HttpResponse<T>>;
}

/**
 * A client with the site's rules: `Accept: application/json`, credentials, `X-Requested-With`, the anti-forgery token
 * read from the meta tag on every request and a new one adopted from any answer, an `Idempotency-Key` on submissions,
 * and the retry of a submission whose answer was lost.
 */
function createHttpClient(transport: HttpTransport = xhrTransport): HttpClient {
  async function send<T>(config: RequestConfig, headers: HttpHeaders): Promise<HttpResponse<T>> {
    const { data, signal } = config;
    const canceled = () => new HttpError('Petición cancelada', config, undefined, true);
    if (signal?.aborted) throw canceled();
    const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
    const wire: HttpHeaders = withSiteHeaders({ ...headers });
    if (data != null && !isForm && !hasHeader(wire, 'Content-Type')) wire['Content-Type'] = 'application/json';
    let answer: TransportResponse;
    try {
      answer = await client.transport({
        method: config.method.toUpperCase() as Uppercase<HttpMethod>,
        url: config.url,
        headers: wire,
        body: data == null ? undefined : isForm ? data : JSON.stringify(data),
        signal,
        onUploadProgress: config.onUploadProgress,
      });
    } catch {
      if (signal?.aborted) throw canceled();
      throw new HttpError('Sin respuesta del servidor', config);
    }
    const response: HttpResponse<T> = {
      status: answer.status,
      headers: answer.headers,
      data: parseBody(answer.body, config.responseType) as T,
    };
    // the token is adopted even from an answer nobody waits for any more: the session it belongs to is the browser's now
    adoptCsrfToken(response);
    if (signal?.aborted) throw canceled();
    if (!(config.validateStatus ?? isSuccess)(response.status)) throw new HttpError(`Error HTTP ${response.status}`, config, response);
    return response;
  }

  async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    const headers = withIdempotencyKey(config.method, { Accept: 'application/json', ...config.headers });
    for (let retries = 0; ; retries++) {
      try {
        return await send<T>(config, headers);
      } catch (error) {
        if (!shouldRetry(error, headers, retries)) throw error;
        await wait(retryDelaysMs[retries] ?? 0, config.signal);
      }
    }
  }

  const client: HttpClient = {
    transport,
    request,
    get: (url, options) => request({ ...options, method: 'get', url }),
    delete: (url, options) => request({ ...options, method: 'delete', url }),
    post: (url, data, options) => request({ ...options, method: 'post', url, data }),
    put: (url, data, options) => request({ ...options, method: 'put', url, data }),
    patch: (url, data, options) => request({ ...options, method: 'patch', url, data }),
  };
  return client;
}

/** The one http client of the site. */
export const http = createHttpClient();
