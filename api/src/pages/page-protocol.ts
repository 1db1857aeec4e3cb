import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { inertiaHeaders, type PageObject } from '@gota/shared/contracts';
import { acceptsGzip, representation, type PageAnswer, type PageAnswers } from '../render/page-answers';
import type { BuiltDocument } from './document';

declare module 'hono' {
  interface ContextVariableMap {
    /** The CSP sources of the inline scripts of the document answered (security/site-headers.ts puts them in the CSP). */
    scriptHashes?: string;
  }
}

/** A page's document for one request; `shareable` when its bytes are the same for every anonymous visitor. */
interface PageDocument extends BuiltDocument {
  shareable: boolean;
}

/** The anonymous answers kept by URL (`render/page-answers.ts`), and what the protocol needs to use them. */
interface SharedAnswers {
  cache: PageAnswers;
  /** Whether this request's answer may come from and go to the cache, and to an edge: an anonymous visitor's. */
  shareable: (c: Context) => boolean;
  /** Whether this page may be shared at all (not the password-reset page, whose address holds a secret). */
  cacheable: (c: Context, page: PageObject) => boolean;
  /** Content, page version and server code of this request's release set: a new one empties the cache. */
  generation: (c: Context) => string;
  /** How long a shared cache (an edge, a CDN) may keep a public answer before asking again (PAGE_CACHE_SECONDS). */
  edgeSeconds: number;
  /** Told of every document answered from the cache, with the answer (metrics, Server-Timing). */
  hit?: (c: Context, response: Response, started: number) => void;
}

/**
 * Headers a page's handler may set that belong to the page itself, so a shared answer keeps them. Nothing else a
 * handler sets is kept (a cookie, say, is per visitor).
 */
const pageHeaders = ['X-Robots-Tag'];

/** What every answer that is not public carries: a signed-in visitor's page, the reset page, a partial render. */
const privateCacheControl = 'private, no-store';

/**
 * What the two representations of a page URL depend on: `X-Inertia` picks the document or the JSON page object, and the
 * content-coding the bytes. A JSON answer also depends on `X-Inertia-Version`: a tab of an older release must get the
 * 409 that reloads it, not a newer page object an edge kept.
 */
const varyOf = { html: 'X-Inertia, Accept-Encoding', json: 'X-Inertia, X-Inertia-Version, Accept-Encoding' } as const;

/** A HEAD answer: every header of the GET, no body. */
const emptyBody = Buffer.alloc(0);

/** hono/etag answers 304 to an `If-None-Match` naming the answer's ETag (weak comparison), with the headers RFC 9110 keeps. */
const notModified = etag();

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
  /** The HTML document for a first visit, and whether anonymous visitors may share it. */
  document: (c: Context, page: PageObject) => PageDocument | Promise<PageDocument>;
  /** Props every page carries (who is signed in, the app name). */
  sharedProps: (c: Context) => Record<string, unknown>;
  /** Anonymous answers by URL and their edge caching; without it every answer is built for its request and private. */
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

/**
 * Sends a public answer: the kept bytes, gzipped when the client accepts it, with a strong ETag per content-coding and
 * the edge's caching rules (decision 040). A browser revalidates each time (`max-age=0`, a 304 when nothing changed);
 * an edge keeps it `edgeSeconds`, serves it stale while it fetches the next one, and for a day when the origin fails.
 */
async function respond(c: Context, answer: PageAnswer, edgeSeconds: number): Promise<Response> {
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  const { body, etag: tag } = representation(answer, gzip);
  const headers: Record<string, string> = {
    'Content-Type': answer.kind === 'json' ? 'application/json' : 'text/html; charset=UTF-8',
    'Cache-Control': `public, max-age=0, s-maxage=${edgeSeconds}, stale-while-revalidate=${edgeSeconds}, stale-if-error=86400`,
    Vary: varyOf[answer.kind],
    ETag: tag,
  };
  if (answer.kind === 'json') headers['X-Inertia'] = 'true';
  else c.set('scriptHashes', answer.scriptHashes);
  if (gzip) headers['Content-Encoding'] = 'gzip';
  for (const [name, value] of answer.headers) headers[name] = value;
  const response = c.body((c.req.method === 'HEAD' ? emptyBody : body) as Uint8Array<ArrayBuffer>, answer.status as 200, headers);
  await notModified(c, async () => {
    c.res = response;
  });
  return c.res;
}

/** The headers of `pageHeaders` the handler set so far, for an answer built now. */
function handlerPageHeaders(c: Context): [string, string][] {
  const kept: [string, string][] = [];
  for (const name of pageHeaders) {
    const value = c.res.headers.get(name);
    if (value !== null) kept.push([name, value]);
  }
  return kept;
}

/**
 * The page protocol (architecture §3), after inertia-laravel: sets `c.var.page` for handlers, answers a stale
 * navigation with 409 and `X-Inertia-Location`, and marks every response `Vary: X-Inertia`. An anonymous visitor's page
 * is public — the same bytes for everyone, kept by URL, cacheable by an edge, with an ETag — and every other page is
 * `private, no-store` (decision 040).
 *
 * @example
 * app.use(pageProtocol({ appUrl: 'https://gotaagota.mx', version: () => '1.abc', document: (c, page) => build(page), sharedProps: () => ({}) }))
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
        c.header('Cache-Control', privateCacheControl);
        return c.body(null, 409);
      }
    }
    // an anonymous visitor's full page, as a document or as JSON, is the same for every such visitor of the URL
    let shareKey: string | undefined;
    let generation = '';
    if (
      answers &&
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      c.req.header(inertiaHeaders.partialComponent) === undefined &&
      answers.shareable(c)
    ) {
      generation = answers.generation(c);
      answers.cache.sweep(generation);
      shareKey = `${isInertia ? 'json' : 'html'} ${pathAndQuery(c)}`;
      const kept = answers.cache.enabled ? answers.cache.get(shareKey) : undefined;
      if (kept) {
        const response = await respond(c, kept, answers.edgeSeconds);
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
      // public: an anonymous request, a page that may be shared, and a status caches keep (the only ones pages use). A
      // refusal for now (429) or a failure (5xx) says nothing lasting about the URL: private, never kept (decision 042)
      const sharing =
        shareKey !== undefined && answers && (status === 200 || status === 404) && answers.cacheable(c, page) ? { ...answers, key: shareKey } : undefined;
      const publish = ({ cache, key, edgeSeconds }: SharedAnswers & { key: string }, kind: PageAnswer['kind'], body: string, scriptHashes: string) =>
        respond(c, cache.keep(key, cache.build({ status, headers: handlerPageHeaders(c), kind, body, scriptHashes, builtIn: generation })), edgeSeconds);
      if (isInertia) {
        if (sharing) return publish(sharing, 'json', JSON.stringify(page), '');
        c.header('X-Inertia', 'true');
        c.header('Cache-Control', privateCacheControl);
        return c.json(page, status);
      }
      const document = await options.document(c, page);
      if (sharing && document.shareable) return publish(sharing, 'html', document.html, document.scriptHashes);
      c.set('scriptHashes', document.scriptHashes);
      c.header('Cache-Control', privateCacheControl);
      return c.html(document.html, status);
    });
    await next();
    // every answer depends on X-Inertia (HTML or JSON), so caches must key on it
    const vary = c.res.headers.get('Vary');
    if (!vary?.split(',').some((value) => value.trim().toLowerCase() === 'x-inertia')) {
      c.res.headers.set('Vary', vary ? `${vary}, X-Inertia` : 'X-Inertia');
    }
  };
}
