import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { RegistrySource } from '../remotes/registry';
import { randomBytesPooled } from './tokens';

/**
 * The CSP nonce source, as hono/secure-headers' NONCE (16 random bytes, base64, kept in `secureHeadersNonce` for the
 * document), from the pooled random bytes.
 */
function nonceSource(c: Context): string {
  let nonce = c.get('secureHeadersNonce');
  if (!nonce) {
    nonce = randomBytesPooled(16).toString('base64');
    c.set('secureHeadersNonce', nonce);
  }
  return `'nonce-${nonce}'`;
}

// everything the site never asks for is off, for the page and any frame in it; the campaign's YouTube frame keeps what
// playing a video needs (autoplay, fullscreen, encrypted media, picture-in-picture)
const permissionsPolicy = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  bluetooth: [],
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

/**
 * Security headers with a per-request CSP nonce (architecture §4). `'strict-dynamic'` lets the nonce'd shell load
 * remote chunks from any registered origin; styles, fonts, images and fetches are allowed from those origins too.
 */
export function siteHeaders(registry: RegistrySource, production: boolean): MiddlewareHandler {
  // worked out again only when the registry changes
  let origins: { registry: object; list: string } | undefined;
  const fromRemotes = () => {
    const current = registry.current();
    if (origins?.registry !== current) origins = { registry: current, list: remoteOrigins(current).join(' ') };
    return origins.list;
  };
  const documentHeaders = secureHeaders({
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
      styleSrc: ["'self'", nonceSource, fromRemotes],
      // style attributes (an image's aspect ratio, a background's tint) are in the server-rendered HTML, where no script
      // can add them later; they cannot run code, and <style> elements still need the nonce (docs/decisions/012)
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', fromRemotes],
      fontSrc: ["'self'", fromRemotes],
      connectSrc: ["'self'", fromRemotes],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      ...(production ? { upgradeInsecureRequests: [] } : {}),
    },
  });
  return (c, next) => (buildFile.test(c.req.path) ? fileHeaders(c, next) : documentHeaders(c, next));
}
