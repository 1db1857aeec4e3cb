import type { Context, MiddlewareHandler } from 'hono';
import { inertiaHeaders, type PageObject } from '@gota/shared/contracts';
import type { PerRequest } from '../render/document-cache';
import { answerBody, type PageAnswer, type PageAnswers } from '../render/page-answers';

/** A document that may be shared between anonymous visitors: `template` has the marks where `html` has this request's values. */
interface SharedDocument {
  html: string;
  template: string;
}

/** The anonymous answers kept by URL (`render/page-answers.ts`), and what the protocol needs to use them. */
interface SharedAnswers {
  cache: PageAnswers;
  /** Whether this request's answer may come from and go to the cache: an anonymous visitor's. */
  shareable: (c: Context) => boolean;
  /** Content, page version and server code of this request's release set: a new one empties the cache. */
  generation: (c: Context) => string;
  /** The CSP nonce and the anti-forgery token of this request. */
  perRequest: (c: Context) => PerRequest;
  /** Told of every document answered from the cache, with the answer (metrics, Server-Timing). */
  hit?: (c: Context, response: Response, started: number) => void;
}

/**
 * Headers a page's handler may set that belong to the page itself, so a shared answer keeps them. Nothing else a
 * handler sets is kept (the anti-forgery cookie, say, is per visitor).
 */
const pageHeaders = ['X-Robots-Tag'];

export interface PageProtocolOptions {
  /** Public origin (APP_URL): the reload location is built from it, never from the request's Host header. */
  appUrl: string;
  /** This request's page version (changes when the shell or the release set changes). */
  version: (c: Context) => string;
  /**
   * Told when a navigation carries a version that is not this one, before it is answered 409: the browser may have been
   * served a newer release set by another instance, which this one can catch up with (decision 039).
   */
  catchUp?: (c: Context, clientVersion: string) => Promise<void>;
  /** The HTML document for a first visit: a string, or a document anonymous visitors may share. */
  document: (c: Context, page: PageObject) => string | SharedDocument | Promise<string | SharedDocument>;
  /** Props every page carries (who is signed in, the app name). */
  sharedProps: (c: Context) => Record<string, unknown>;
  /** Anonymous answers by URL; without it every request runs its handler and builds its answer. */
  answers?: SharedAnswers;
}

/** Selects the props a partial reload asked for; `errors` always stays (Inertia's rule). */
function selectProps(
  component: string,
  props: Record<string, unknown>,
  headers: { partialComponent?: string | undefined; partialData?: string | undefined; partialExcept?: string | undefined },
): Record<string, unknown> {
  if (!headers.partialComponent || headers.partialComponent !== component) return props;
  const list = (value: string | undefined) => (value ? value.split(',').map((key) => key.trim()).filter(Boolean) : []);
  const only = list(headers.partialData);
  const except = list(headers.partialExcept);
  const selected = Object.fromEntries(
    Object.entries(props).filter(([key]) => key === 'errors' || ((only.length === 0 || only.includes(key)) && !except.includes(key))),
  );
  return selected;
}

async function resolveLazy(props: Record<string, unknown>): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(props).map(async ([key, value]) => [key, typeof value === 'function' ? await (value as () => unknown)() : value]),
  );
  return Object.fromEntries(entries);
}

/** The full URL of a request's path and query, as the page object's `url`. */
function pageUrl(c: Context): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/** The path and query of the request's (already normalised) URL, without parsing it again: the answer cache's key. */
function pathAndQuery(c: Context): string {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/** Answers from a kept answer: the per-request values put in, gzipped when the client accepts it. */
function respond(c: Context, answer: PageAnswer, values: PerRequest): Response {
  const { body, gzip, vary } = answerBody(answer, values, { acceptEncoding: c.req.header('Accept-Encoding'), head: c.req.method === 'HEAD' });
  const headers: Record<string, string> = {
    'Content-Type': answer.kind === 'json' ? 'application/json' : 'text/html; charset=UTF-8',
    'Cache-Control': 'no-cache, private',
    Vary: vary,
  };
  if (answer.kind === 'json') headers['X-Inertia'] = 'true';
  if (gzip) headers['Content-Encoding'] = 'gzip';
  for (const [name, value] of answer.headers) headers[name] = value;
  return c.body(body as Uint8Array<ArrayBuffer>, answer.status as 200, headers);
}

/** Keeps the headers of `pageHeaders` the handler set, read from the answer built for this request. */
function keepPageHeaders(answer: PageAnswer, response: Response): void {
  for (const name of pageHeaders) {
    const value = response.headers.get(name);
    if (value !== null) answer.headers.push([name, value]);
  }
}

/**
 * The page protocol (architecture §3), after inertia-laravel: sets `c.var.page` for handlers, answers a stale
 * navigation with 409 and `X-Inertia-Location`, and marks every response `Vary: X-Inertia`.
 *
 * @example
 * app.use(pageProtocol({ appUrl: 'https://gotaagota.mx', version: () => '1.abc', document: (c, page) => html(page), sharedProps: () => ({}) }))
 * app.get('/', (c) => c.var.page('Index', { seo }))
 */
export function pageProtocol(options: PageProtocolOptions): MiddlewareHandler {
  const { answers } = options;
  return async (c, next) => {
    const started = performance.now();
    const isInertia = c.req.header(inertiaHeaders.inertia) === 'true';
    if (isInertia && c.req.method === 'GET') {
      const clientVersion = c.req.header(inertiaHeaders.version);
      if (clientVersion !== undefined && clientVersion !== options.version(c)) await options.catchUp?.(c, clientVersion);
      if (clientVersion !== undefined && clientVersion !== options.version(c)) {
        c.header(inertiaHeaders.location, `${options.appUrl}${pageUrl(c)}`);
        c.header('Vary', 'X-Inertia');
        return c.body(null, 409);
      }
    }
    // an anonymous visitor's full page, as a document or as JSON, is the same for every such visitor of the URL
    let shareKey: string | undefined;
    if (
      answers?.cache.enabled &&
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      c.req.header(inertiaHeaders.partialComponent) === undefined &&
      answers.shareable(c)
    ) {
      answers.cache.sweep(answers.generation(c));
      shareKey = `${isInertia ? 'json' : 'html'} ${pathAndQuery(c)}`;
      const kept = answers.cache.get(shareKey);
      if (kept) {
        const response = respond(c, kept, answers.perRequest(c));
        if (kept.kind === 'html') answers.hit?.(c, response, started);
        return response;
      }
    }
    c.set('page', async (component, props, renderOptions) => {
      const all = { ...options.sharedProps(c), ...props, errors: props.errors ?? {} };
      const selected = selectProps(component, all, {
        partialComponent: c.req.header(inertiaHeaders.partialComponent),
        partialData: c.req.header(inertiaHeaders.partialData),
        partialExcept: c.req.header(inertiaHeaders.partialExcept),
      });
      const page = {
        component,
        props: (await resolveLazy(selected)) as PageObject['props'],
        url: pageUrl(c),
        version: options.version(c),
      } satisfies PageObject;
      const status = renderOptions?.status ?? 200;
      if (isInertia) {
        if (shareKey !== undefined && answers) {
          const kept = answers.cache.setJson(shareKey, status, [], JSON.stringify(page));
          const response = respond(c, kept, answers.perRequest(c));
          keepPageHeaders(kept, response);
          return response;
        }
        c.header('X-Inertia', 'true');
        c.header('Cache-Control', 'no-cache, private');
        return c.json(page, status);
      }
      const document = await options.document(c, page);
      if (typeof document !== 'string' && shareKey !== undefined && answers) {
        const kept = answers.cache.setHtml(shareKey, status, [], document.template);
        const response = respond(c, kept, answers.perRequest(c));
        keepPageHeaders(kept, response);
        return response;
      }
      c.header('Cache-Control', 'no-cache, private');
      return c.html(typeof document === 'string' ? document : document.html, status);
    });
    await next();
    // every answer depends on X-Inertia (HTML or JSON), so caches must key on it
    const vary = c.res.headers.get('Vary');
    if (!vary?.split(',').some((value) => value.trim().toLowerCase() === 'x-inertia')) {
      c.res.headers.set('Vary', vary ? `${vary}, X-Inertia` : 'X-Inertia');
    }
  };
}
