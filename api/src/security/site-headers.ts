import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { RemotesRegistry } from '@gota/shared/contracts';
import { randomBytesPooled } from './tokens';

/** The CSP nonce source: the request's nonce, made before the handler runs (`secureHeadersNonce`, for the document). */
function nonceSource(c: Context): string {
  return `'nonce-${c.get('secureHeadersNonce') ?? ''}'`;
}

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
 * The scripts, style sheets and manifests of the builds. A page loads them; none is ever a document, so the headers
 * that only a document reads (its CSP's sources, opener and referrer policies, the legacy IE and Flash ones) are left
 * out: a page's home view loads twenty of them, and those headers were 0.8 KB each (issue #11). They keep a CSP that
 * allows nothing, should one be opened as a page, and the headers of issue #12 (HSTS, frame and feature policies).
 */
const buildFile = /^\/(app|mf)\/.+\.(js|css|json|map)$/;

const fileHeaders = secureHeaders({
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

/** A header to set on every answer: its value in pieces, with the request's nonce going between two of them. */
type HeaderTemplate = { name: string; pieces: string[] };

/**
 * Stands for the nonce while the headers are worked out. Neither a nonce (base64) nor a remote's origin (a URL's host
 * cannot hold `<` or `>`) can contain it.
 */
const nonceMark = '<nonce>';

/**
 * What a hono/secure-headers middleware sets, worked out once by running it on a probe request: each header with the
 * nonce marked. The middleware stays the one definition of the values; only its per-request work (copying and joining
 * the CSP, 33 µs of server CPU per request against 12 µs for setting the finished headers, issue #11) is saved.
 */
async function headerTemplates(middleware: MiddlewareHandler): Promise<HeaderTemplate[]> {
  const probe = new Hono();
  probe.use('*', async (c, next) => {
    c.set('secureHeadersNonce', nonceMark);
    await next();
  });
  probe.use('*', middleware);
  probe.get('*', (c) => c.body(null));
  const response = await probe.request('/');
  return [...response.headers].filter(([name]) => name !== 'content-type').map(([name, value]) => ({ name, pieces: value.split(nonceMark) }));
}

/** Sets the headers after the handler, as hono/secure-headers does (overwriting, and no X-Powered-By). */
function setHeaders(c: Context, templates: HeaderTemplate[], nonce: string): void {
  const headers = c.res.headers;
  for (const { name, pieces } of templates) headers.set(name, pieces.join(nonce));
  headers.delete('X-Powered-By');
}

/**
 * Security headers with a per-request CSP nonce (architecture §4). `'strict-dynamic'` lets the nonce'd shell load
 * remote chunks from any registered origin; styles, fonts, images and fetches are allowed from those origins too. The
 * values are hono/secure-headers' for the options below, worked out again only when the registry changes. The registry
 * is the request's (`registryOf`, its release set), read after the handler: the one its document carries.
 */
export function siteHeaders(registryOf: (c: Context) => RemotesRegistry, production: boolean): MiddlewareHandler {
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
        scriptSrc: [nonceSource, "'strict-dynamic'", "'self'", 'https:', "'unsafe-inline'"],
        // the nonce lets the <style> tags the shell adds at run time (dialog scroll lock) through; nothing else inline
        styleSrc: ["'self'", nonceSource, origins],
        // style attributes (an image's aspect ratio, a background's tint) are in the server-rendered HTML, where no
        // script can add them later; they cannot run code, and <style> elements still need the nonce (decision 012)
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
  const forFiles = headerTemplates(fileHeaders);
  let forDocuments: { registry: object; templates: Promise<HeaderTemplate[]> } | undefined;
  const documentTemplates = (current: RemotesRegistry) => {
    if (forDocuments?.registry !== current) {
      forDocuments = { registry: current, templates: headerTemplates(documentHeaders(remoteOrigins(current).join(' '))) };
    }
    return forDocuments.templates;
  };
  return async (c, next) => {
    if (buildFile.test(c.req.path)) {
      const templates = await forFiles;
      await next();
      setHeaders(c, templates, '');
      return;
    }
    // as hono/secure-headers' NONCE: 16 random bytes in base64, from the pooled random bytes
    const nonce = randomBytesPooled(16).toString('base64');
    c.set('secureHeadersNonce', nonce);
    await next();
    setHeaders(c, await documentTemplates(registryOf(c)), nonce);
  };
}
