import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type GenericAbortSignal,
  type InternalAxiosRequestConfig,
} from 'axios';
import { http } from '../http/http-client';

/** An answer: a status with its data (sent as JSON) or its raw body, and headers; or 'no-answer' (a lost answer). */
type FakeReply = { status: number; data?: unknown; body?: string; headers?: Record<string, string> } | 'no-answer';

/** A request the fake received, as the adapter got it, plus its body read back. */
export interface SentRequest {
  /** In upper case. */
  method: string;
  url: string;
  /**
   * The headers after the client's interceptors. (On the wire the XHR adapter also drops `Content-Type` when there is
   * no body or the body is a FormData: http-client.test.ts checks that on a stand-in XMLHttpRequest.)
   */
  headers: Record<string, string>;
  /** The body as the adapter got it: JSON text, a FormData, or undefined. */
  body: unknown;
  /** The JSON body parsed, the FormData itself, or undefined without a body. */
  json: unknown;
  signal?: GenericAbortSignal;
  /** Reports upload progress to the caller, as the XHR adapter does from `xhr.upload`'s events. */
  onUploadProgress?: (progress: { loaded: number; total: number }) => void;
}

export interface FakeHttp {
  /** Every request the client sent, in order (each retry too). */
  readonly sent: SentRequest[];
  /** Answers the next requests with these replies in order; the last one answers every request after it. */
  reply: (first: FakeReply, ...then: FakeReply[]) => void;
  /** Answers each request with what `handler` returns (it may wait, report upload progress, look at the request). */
  respondWith: (handler: (request: SentRequest) => FakeReply | Promise<FakeReply>) => void;
  /** Puts the client's own adapter back. */
  restore: () => void;
}

/** An answer refused by `validateStatus`, as axios rejects it (its `settle`). */
function refused(response: AxiosResponse): AxiosError {
  const code = response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  return new AxiosError(`Request failed with status code ${response.status}`, code, response.config, {}, response);
}

function readBack(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function record(config: InternalAxiosRequestConfig): SentRequest {
  const progress = config.onUploadProgress;
  return {
    method: (config.method ?? 'get').toUpperCase(),
    url: config.url ?? '',
    headers: AxiosHeaders.from(config.headers).toJSON(true) as Record<string, string>,
    body: config.data,
    json: readBack(config.data),
    signal: config.signal,
    onUploadProgress:
      progress &&
      (({ loaded, total }) =>
        progress({ loaded, total, progress: loaded / total, bytes: loaded, lengthComputable: true, upload: true })),
  };
}

/**
 * Replaces the adapter of the one http client for a test: the client's interceptors (headers, token, idempotency key,
 * retries) and axios's own request and response handling still run; only the wire is fake. Without a reply set, a
 * request gets no answer.
 *
 * @example
 * const network = fakeHttp();
 * network.reply({ status: 422, data: { errors: { email: ['Correo electrónico inválido'] } } });
 * afterEach(() => network.restore());
 */
export function fakeHttp(): FakeHttp {
  const original = http.defaults.adapter;
  const sent: SentRequest[] = [];
  let handler: (request: SentRequest) => FakeReply | Promise<FakeReply> = () => 'no-answer';

  const adapter: AxiosAdapter = (config) =>
    new Promise((resolve, reject) => {
      const request = record(config);
      sent.push(request);
      // like the XHR adapter: an abort while the answer is awaited rejects at once, and the answer is dropped
      const onAbort = () => reject(new CanceledError(undefined, config));
      config.signal?.addEventListener?.('abort', onAbort, { once: true });
      const noAnswer = () => reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
      Promise.resolve()
        .then(() => handler(request))
        .then((reply) => {
          config.signal?.removeEventListener?.('abort', onAbort);
          if (reply === 'no-answer') return noAnswer();
          const { status, data, headers = {} } = reply;
          const response: AxiosResponse = {
            status,
            statusText: '',
            // the body's text, which axios's response transform parses as the XHR adapter's would be
            data: reply.body ?? (data === undefined ? '' : JSON.stringify(data)),
            // the XHR adapter names response headers in lower case
            headers: AxiosHeaders.from(
              Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
            ),
            config,
            request: {},
          };
          const accepts = config.validateStatus;
          if (!accepts || accepts(status)) resolve(response);
          else reject(refused(response));
        }, noAnswer);
    });

  http.defaults.adapter = adapter;
  return {
    sent,
    reply: (first, ...then) => {
      const replies = [first, ...then];
      handler = () => (replies.length > 1 ? replies.shift()! : replies[0]!);
    },
    respondWith: (next) => {
      handler = next;
    },
    restore: () => {
      http.defaults.adapter = original;
      sent.length = 0;
    },
  };
}

/**
 * A request's rejection as the one client gives it, for tests of what reads it (the error handler, `readFailure`): with
 * an answer refused by `validateStatus` (status, data, headers), or without one (none came).
 */
export function failedRequest(answer?: { status: number; data?: unknown; headers?: Record<string, string> }): AxiosError {
  const config = { method: 'post', url: '/contacto', headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  if (!answer) return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  const { status, data = {}, headers = {} } = answer;
  return refused({ status, statusText: '', data, headers: AxiosHeaders.from(headers), config });
}
