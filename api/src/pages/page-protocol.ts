import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { inertiaHeaders, type PageObject } from '@gota/shared/contracts';
import { pageAddress } from '@gota/shared/routes';
import { contentCoding, representation, type PageAnswer, type PageAnswers } from '../render/page-answers';
import type { BuiltDocument } from './document';
import type { AppEnv } from '../types';

/**
 * A page's document for one request. `shareable` when its bytes are the same for every anonymous visitor; `brief` when
 * they are, but only for now: a render whose failed modules were left to the browser (decision 052).
 */
interface PageDocument extends BuiltDocument {
  shareable: boolean;
  brief?: boolean;
}

/** The anonymous answers kept by URL (`render/page-answers.ts`), and what the protocol needs to use them. */
interface SharedAnswers {
  cache: PageAnswers;
  /**
   * Whether this request's answer may come from and go to the cache, and to an edge: an anonymous visitor's. Asked
   * before any other middleware has run (`keptAnswer`), so it reads the request itself.
   */
  shareable: (c: Context<AppEnv>) => boolean;
  /** Whether this page may be shared at all (not the password-reset page, whose address holds a secret). */
  cacheable: (c: Context<AppEnv>, page: PageObject) => boolean;
  /** Content, page version and server code of this request's release set: a new one empties the cache. */
  generation: (c: Context<AppEnv>) => string;
  /** How long a shared cache (an edge, a CDN) may keep a public answer before asking again (PAGE_CACHE_SECONDS). */
  edgeSeconds: number;
  /**
   * The security headers of this request's answer, a document with these script hashes or a page object, as the site's
   * middleware sets them (security/site-headers.ts): kept with the answer, which a later request gets before that
   * middleware.
   */
  securityHeaders: (c: Context<AppEnv>, kind: PageAnswer['kind'], scriptHashes: string) => Promise<[string, string][]>;
}

/**
 * Headers a page's handler may set that belong to the page itself, so a shared answer keeps them. Nothing else a
 * handler sets is kept (a cookie, say, is per visitor).
 */
const pageHeaders = ['X-Robots-Tag'];

/** What every answer that is not public carries: a signed-in visitor's page, the reset page, a partial render. */
const privateCacheControl = 'private, no-store';

/**
 * A public answer: a browser revalidates each time (`max-age=0`, a 304 when nothing changed); an edge keeps it
 * `edgeSeconds`, serves it stale while it fetches the next one, and for a day when the origin fails (decision 040).
 */
const publicCacheControl = (edgeSeconds: number) =>
  `public, max-age=0, s-maxage=${edgeSeconds}, stale-while-revalidate=${edgeSeconds}, stale-if-error=86400`;

/**
 * How long an edge, and the origin's own cache, keep answers that are public for a few seconds only (decision 052),
 * at most PAGE_CACHE_SECONDS: a 404 (an edge absorbs a flood of one missing address, and a page published meanwhile
 * shows soon), and a page whose failed modules were left to the browser (an edge absorbs a spike during the failure,
 * and the page is whole again within seconds of its end). Never served stale: past these seconds, the origin is asked.
 */
const briefSeconds = { notFound: 10, degraded: 5 } as const;

const briefCacheControl = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;

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

/**
 * A request header (`name` in lower case), from Node's own parse of the request when @hono/node-server serves it
 * (`c.env.incoming`): the Fetch `Headers` that the first `c.req.header()` builds cost more than the rest of a kept
 * answer's work (decision 046). In-process requests (`app.request`) have no `incoming` and read `c.req`.
 */
export function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export interface PageProtocolOptions {
  /** Public origin (APP_URL): the reload location is built from it, never from the request's Host header. */
  appUrl: string;
  /** This request's page version (changes when the shell or the release set changes). */
  version: (c: Context<AppEnv>) => string;
  /**
   * Told when a navigation carries a version that is not this one, before it is answered 409: the browser may have been
   * served a newer release set by another instance, which this one can catch up with (decision 039).
   */
  catchUp?: (c: Context<AppEnv>, clientVersion: string) => Promise<void>;
  /** The HTML document for a first visit, and whether anonymous visitors may share it. */
  document: (c: Context<AppEnv>, page: PageObject) => PageDocument | Promise<PageDocument>;
  /** Props every page carries (who is signed in, the app name). */
  sharedProps: (c: Context<AppEnv>) => Record<string, unknown>;
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
  const list = (value: string | undefined) =>
    value
      ? value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean)
      : [];
  const only = list(headers.partialData);
  const except = list(headers.partialExcept);
  const selected = Object.fromEntries(
    Object.entries(props).filter(
      ([key]) => key === 'errors' || ((only.length === 0 || only.includes(key)) && !except.includes(key)),
    ),
  );
  return selected;
}

async function resolveLazy(props: Record<string, unknown>): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(props).map(async ([key, value]) => [
      key,
      typeof value === 'function' ? await (value as () => unknown)() : value,
    ]),
  );
  return Object.fromEntries(entries);
}

/** The path and query of the request's (already normalised) URL, without parsing it again. */
function pathAndQuery(c: Context<AppEnv>): string {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/**
 * The address the request's page answers for: its path with only the query parameters its route reads (`pageAddress`,
 * decision 052). The answer cache's key and the page object's `url`: `/?fbclid=…` is answered as `/`, from its kept
 * answer, and the browser's address bar keeps what the visitor followed.
 */
function pageUrl(c: Context<AppEnv>): string {
  return pageAddress(pathAndQuery(c));
}

/**
 * Sends a public answer as it was kept (decision 040, 046): its bytes, in brotli or gzip as `contentCoding` picks, with every
 * header worked out when it was built — a strong ETag per content-coding, the edge's caching rules, the security
 * headers — plus `perRequest` (the request id, Server-Timing). `If-None-Match` is left to hono/etag (a 304).
 */
function respond(c: Context<AppEnv>, answer: PageAnswer, perRequest: Record<string, string>): Response | Promise<Response> {
  const { body, headers } = representation(answer, contentCoding(answer, requestHeader(c, 'accept-encoding')));
  // a new record per answer: @hono/node-server adds Content-Length to the one it is given. A record, not `Headers`,
  // is written by @hono/node-server as it is
  const response = new Response(c.req.method === 'HEAD' ? emptyBody : body, {
    status: answer.status,
    headers: { ...headers, ...perRequest },
  });
  if (requestHeader(c, 'if-none-match') === undefined) return response;
  return notModified(c, async () => {
    c.res = response;
  }).then(() => c.res);
}

/**
 * Every header of a public answer built now that is the same for every visitor, whatever its content-coding: the
 * page protocol's, those of `pageHeaders` the handler set, and the security headers of its scripts.
 */
async function publicHeaders(
  c: Context<AppEnv>,
  answers: SharedAnswers,
  kind: PageAnswer['kind'],
  scriptHashes: string,
  cacheControl: string,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'content-type': kind === 'json' ? 'application/json' : 'text/html; charset=UTF-8',
    'cache-control': cacheControl,
    vary: varyOf[kind],
  };
  if (kind === 'json') headers['x-inertia'] = 'true';
  for (const name of pageHeaders) {
    const value = c.res.headers.get(name);
    if (value !== null) headers[name.toLowerCase()] = value;
  }
  for (const [name, value] of await answers.securityHeaders(c, kind, scriptHashes)) headers[name] = value;
  return headers;
}

/**
 * Where this request's answer is kept, when it may come from and go to the kept answers: a GET or HEAD of an
 * anonymous visitor, not a partial reload.
 */
function shareKey(c: Context<AppEnv>, answers: SharedAnswers, isInertia: boolean): string | undefined {
  if (
    (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
    requestHeader(c, 'x-inertia-partial-component') !== undefined ||
    !answers.shareable(c)
  ) {
    return undefined;
  }
  return `${isInertia ? 'json' : 'html'} ${pageUrl(c)}`;
}

/** This request's generation; every kept answer is forgotten when it is not the last one seen. */
function currentGeneration(c: Context<AppEnv>, answers: SharedAnswers): string {
  const generation = answers.generation(c);
  answers.cache.sweep(generation);
  return generation;
}

/**
 * The fast path (decision 046): this request's answer, when one is kept for it, sent before any other middleware runs,
 * or undefined. Its conditions are the page protocol's: an anonymous GET or HEAD, not a partial reload, not a tab of
 * another page version (the page protocol answers that one 409), under the current generation.
 *
 * @example
 * app.use('*', async (c, next) => keptAnswer(c, { answers, version }, () => ({ 'x-request-id': id })) ?? next())
 */
export function keptAnswer(
  c: Context<AppEnv>,
  { answers, version }: { answers: SharedAnswers; version: (c: Context<AppEnv>) => string },
  perRequest: (answer: PageAnswer) => Record<string, string>,
): Response | Promise<Response> | undefined {
  if (!answers.cache.enabled) return undefined;
  const isInertia = requestHeader(c, 'x-inertia') === 'true';
  if (isInertia && c.req.method === 'GET') {
    const clientVersion = requestHeader(c, 'x-inertia-version');
    if (clientVersion !== undefined && clientVersion !== version(c)) return undefined;
  }
  const key = shareKey(c, answers, isInertia);
  // most requests have nothing kept (files, forms, probes, a signed-in visitor): only a kept answer reads the generation
  const kept = key === undefined ? undefined : answers.cache.get(key);
  if (!kept || kept.builtIn !== currentGeneration(c, answers)) return undefined;
  return respond(c, kept, perRequest(kept));
}

/**
 * The page protocol (architecture §3), after inertia-laravel: sets `c.var.page` for handlers, answers a stale
 * navigation with 409 and `X-Inertia-Location`, and marks every response `Vary: X-Inertia`. An anonymous visitor's page
 * is public — the same bytes for everyone, kept by URL, cacheable by an edge, with an ETag — and every other page is
 * `private, no-store` (decision 040). A kept answer is sent by `keptAnswer`, before the middleware in front of this
 * one (decision 046); this one builds and keeps it.
 *
 * @example
 * app.use(pageProtocol({ appUrl: 'https://gotaagota.mx', version: () => '1.abc', document: (c, page) => build(page), sharedProps: () => ({}) }))
 * app.get('/', (c) => c.var.page('Index', { seo }))
 */
export function pageProtocol(options: PageProtocolOptions): MiddlewareHandler<AppEnv> {
  const { answers } = options;
  return async (c, next) => {
    const isInertia = c.req.header(inertiaHeaders.inertia) === 'true';
    if (isInertia && c.req.method === 'GET') {
      const clientVersion = c.req.header(inertiaHeaders.version);
      if (clientVersion !== undefined && clientVersion !== options.version(c)) await options.catchUp?.(c, clientVersion);
      if (clientVersion !== undefined && clientVersion !== options.version(c)) {
        // the address the tab asked for, whole: this answer is never shared
        c.header(inertiaHeaders.location, `${options.appUrl}${pathAndQuery(c)}`);
        c.header('Vary', 'X-Inertia');
        c.header('Cache-Control', privateCacheControl);
        return c.body(null, 409);
      }
    }
    // an anonymous visitor's full page, as a document or as JSON, is the same for every such visitor of the URL; one
    // kept already was sent by `keptAnswer`, so this one is built, kept and sent
    const key = answers && shareKey(c, answers, isInertia);
    const shared = answers && key !== undefined ? { key, generation: currentGeneration(c, answers) } : undefined;
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
        shared && answers && (status === 200 || status === 404) && answers.cacheable(c, page)
          ? { answers, ...shared }
          : undefined;
      const publish = async (
        { answers: kept, key, generation }: NonNullable<typeof sharing>,
        kind: PageAnswer['kind'],
        body: string,
        scriptHashes: string,
        degraded = false,
      ) => {
        // a 404 or a degraded page for a few seconds, everything else for PAGE_CACHE_SECONDS (decisions 040, 052)
        const brief = degraded ? briefSeconds.degraded : status === 404 ? briefSeconds.notFound : undefined;
        const seconds = brief === undefined ? undefined : Math.min(brief, kept.edgeSeconds);
        const headers = await publicHeaders(
          c,
          kept,
          kind,
          scriptHashes,
          seconds === undefined ? publicCacheControl(kept.edgeSeconds) : briefCacheControl(seconds),
        );
        const answer = kept.cache.keep(
          key,
          kept.cache.build({
            status,
            headers,
            kind,
            body,
            scriptHashes,
            builtIn: generation,
            ...(degraded ? { keptMs: seconds! * 1000 } : {}),
          }),
        );
        // the site's security headers, set again after this, must find the same script hashes
        if (kind === 'html') c.set('scriptHashes', scriptHashes);
        return respond(c, answer, {});
      };
      if (isInertia) {
        if (sharing) return publish(sharing, 'json', JSON.stringify(page), '');
        c.header('X-Inertia', 'true');
        c.header('Cache-Control', privateCacheControl);
        return c.json(page, status);
      }
      const document = await options.document(c, page);
      if (sharing && (document.shareable || document.brief))
        return publish(sharing, 'html', document.html, document.scriptHashes, !document.shareable);
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
