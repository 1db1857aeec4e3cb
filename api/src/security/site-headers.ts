import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { RemotesRegistry } from '@gota/shared/contracts';
import type { AppEnv } from '../types';

// everything the site never asks for is off, for the page and any frame in it; the campaign's YouTube frame keeps what
// playing a video needs (autoplay, fullscreen, encrypted media, picture-in-picture). Only features a browser knows:
// Chromium warns on every page about one it does not (`bluetooth` did, and no browser enforced it), and the e2e tests
// fail on that warning.
const permissionsPolicy = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  magnetometer: [],
  gyroscope: [],
  accelerometer: [],
  displayCapture: [],
  xrSpatialTracking: [],
  browsingTopics: [],
};

const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * The scripts, style sheets and manifests of the builds, and every JSON answer (the page objects of client-side visits,
 * the forms' and the API's answers). A page loads them; none is ever a document, so the headers that only a document
 * reads (its CSP's sources, opener and referrer policies, the legacy IE and Flash ones) are left out: a page's home
 * view loads twenty files, and those headers were 0.8 KB each (issue #11); a kept page object was written with 24
 * headers where it needs 13 (decision 046). They keep a CSP that allows nothing, should one be opened as a page, and
 * the headers of issue #12 (HSTS, frame and feature policies, nosniff).
 */
const buildFile = /^\/(app|mf)\/.+\.(js|css|json|map)$/;

/** A JSON answer, whatever its charset parameter. */
const isJson = (type: string | null) => type !== null && /^application\/json\b/.test(type);

const nonDocumentHeaders = secureHeaders({
  strictTransportSecurity,
  xFrameOptions: 'DENY',
  xContentTypeOptions: true,
  permissionsPolicy,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  referrerPolicy: false,
  crossOriginResourcePolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Origins of the remotes that are not served by this API: scripts, styles and manifests come from them. */
function remoteOrigins(registry: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(registry)) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** A header to set on every answer: its value in pieces, with the answer's script sources going between two of them. */
type HeaderTemplate = { name: string; pieces: string[] };

/**
 * Stands for the script sources while the headers are worked out. Neither a hash source nor a remote's origin (a URL's
 * host cannot hold `<` or `>`) can contain it.
 */
const scriptsMark = '<scripts>';

/**
 * What a hono/secure-headers middleware sets, worked out once by running it on a probe request: each header with the
 * script sources marked. The middleware stays the one definition of the values; only its per-request work (copying and
 * joining the CSP, 33 µs of server CPU per request against 12 µs for setting the finished headers, issue #11) is saved.
 */
async function headerTemplates(middleware: MiddlewareHandler<AppEnv>): Promise<HeaderTemplate[]> {
  const probe = new Hono<AppEnv>();
  probe.use('*', middleware);
  probe.get('*', (c) => c.body(null));
  const response = await probe.request('/');
  return [...response.headers]
    .filter(([name]) => name !== 'content-type')
    .map(([name, value]) => ({ name, pieces: value.split(scriptsMark) }));
}

/** The headers of `templates` with the answer's script sources in place, in order. */
function headerValues(templates: HeaderTemplate[], scripts: string): [string, string][] {
  return templates.map(({ name, pieces }) => [name, pieces.join(scripts)]);
}

/** Sets the headers after the handler, as hono/secure-headers does (overwriting, and no X-Powered-By). */
function setHeaders(c: Context<AppEnv>, templates: HeaderTemplate[], scripts: string): void {
  const headers = c.res.headers;
  // a download that may hold markup (an SVG, an HTML page of the campaign kit) keeps its own sandbox (decision 061)
  const sandboxed = headers.get('Content-Security-Policy')?.startsWith('sandbox') ? headers.get('Content-Security-Policy') : null;
  for (const [name, value] of headerValues(templates, scripts)) headers.set(name, value);
  if (sandboxed) headers.set('Content-Security-Policy', sandboxed);
  headers.delete('X-Powered-By');
}

/**
 * The script sources of an answer. A document names its inline scripts by their hashes (page-protocol.ts sets
 * `scriptHashes`), and under `'strict-dynamic'` what they add runs; `'self' https: 'unsafe-inline'` are only for
 * browsers older than CSP 3 (a browser that knows hashes ignores `'unsafe-inline'`, one that knows `'strict-dynamic'`
 * ignores the rest). An answer that is no document (JSON, an image, a download, an error) runs no script at all.
 */
function scriptSources(hashes: string | undefined): string {
  return hashes ? `${hashes} 'strict-dynamic' 'self' https: 'unsafe-inline'` : "'none'";
}

/** The site's security headers: the middleware, and the same headers for an answer kept to be sent again (decision 046). */
export interface SiteHeaders {
  middleware: MiddlewareHandler<AppEnv>;
  /**
   * What the middleware sets on a page's answer under `registry`: a document's with its script hashes, or a page
   * object's (JSON: no document). Worked out once when an anonymous answer is kept, then sent with it as they are.
   */
  forAnswer: (registry: RemotesRegistry, kind: 'html' | 'json', scriptHashes: string) => Promise<[string, string][]>;
}

/**
 * Security headers (architecture §4, decision 040): a CSP whose scripts are the document's own, by their hashes, so
 * that an anonymous page and its headers are the same for every visitor. `'strict-dynamic'` lets the shell those scripts
 * start load remote chunks from any registered origin; styles, fonts, images and fetches are allowed from those origins
 * too. The values are hono/secure-headers' for the options below, worked out again only when the registry changes. The
 * registry is the request's (`registryOf`, its release set), read after the handler: the one its document carries.
 * `forAnswer` gives the same headers to an anonymous answer kept by URL, which a later request gets before this
 * middleware would run (decision 046).
 */
export function siteHeaders(registryOf: (c: Context<AppEnv>) => RemotesRegistry, production: boolean): SiteHeaders {
  const documentHeaders = (origins: string) =>
    secureHeaders({
      strictTransportSecurity,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: 'same-origin',
      permissionsPolicy,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [scriptsMark],
        // Radix's dialogs add a <style> for their scroll lock at run time, and its text depends on the width of the
        // visitor's scroll bar: neither a hash nor a nonce (there is none on a page the same for everyone) can name it.
        // Inline styles cannot run code; what they could leak goes through url(), which img-src and font-src keep to
        // our own origins (decision 040). Style attributes were allowed already: they are in the server HTML (decision 012)
        styleSrc: ["'self'", "'unsafe-inline'", origins],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', origins],
        fontSrc: ["'self'", origins],
        connectSrc: ["'self'", origins],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    });
  const forNonDocuments = headerTemplates(nonDocumentHeaders);
  let forDocuments: { registry: object; templates: Promise<HeaderTemplate[]> } | undefined;
  const documentTemplates = (current: RemotesRegistry) => {
    if (forDocuments?.registry !== current) {
      forDocuments = { registry: current, templates: headerTemplates(documentHeaders(remoteOrigins(current).join(' '))) };
    }
    return forDocuments.templates;
  };
  return {
    middleware: async (c, next) => {
      if (buildFile.test(c.req.path)) {
        const templates = await forNonDocuments;
        await next();
        setHeaders(c, templates, '');
        return;
      }
      await next();
      if (isJson(c.res.headers.get('content-type'))) setHeaders(c, await forNonDocuments, '');
      else setHeaders(c, await documentTemplates(registryOf(c)), scriptSources(c.get('scriptHashes')));
    },
    forAnswer: async (registry, kind, scriptHashes) =>
      kind === 'json'
        ? headerValues(await forNonDocuments, '')
        : headerValues(await documentTemplates(registry), scriptSources(scriptHashes)),
  };
}
