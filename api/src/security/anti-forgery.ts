import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { UnofficialStatusCode } from 'hono/utils/http-status';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { csrfMismatchMessage } from '@gota/shared/contracts';
import { routerPath } from '@gota/shared/routes';
import { cookieNames } from './cookies';
import { hmac, randomToken, safeEqual } from './tokens';
import type { AppEnv } from '../types';

export interface AntiForgeryOptions {
  /** HMAC key (SESSION_SECRET). */
  secret: string;
  /** Secure cookies with the `__Host-` prefix (production). */
  secure: boolean;
  /** Origins, besides the request's own, whose form posts are accepted (the public APP_URL). */
  allowedOrigins?: string[];
}

/** Header the browser sends (product §7) and the answer carries after the token changes. */
const csrfHeader = 'X-CSRF-TOKEN';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The content types a page can send without a script (a form's, and none at all, which hono/csrf counts as text/plain):
 * exactly what hono/csrf checks. hono/csrf does not export its pattern, so it is written here as in its source.
 */
const formContentType = /^\b(application\/x-www-form-urlencoded|multipart\/form-data|text\/(?:plain|ping))\b/i;

/**
 * A signed token is `issuedAt.nonce.mac`, mac = HMAC(secret, binding|issuedAt|nonce). The binding is the session id when
 * there is a session, else the anonymous double-submit value; either way it lives in a cookie no other site can read,
 * and checking it needs no database. The nonce makes every token different; `issuedAt` is the server's clock, which the
 * contact forms' minimum fill time measures from.
 */
function issue(secret: string, binding: string, now = Date.now()): string {
  const issuedAt = now.toString(36);
  const nonce = randomToken(12);
  return `${issuedAt}.${nonce}.${hmac(secret, `${binding}|${issuedAt}|${nonce}`)}`;
}

/** How long a token is accepted after it was issued (issue #12 row 19); the client reloads it on 419. */
const csrfMaxAgeMs = 12 * 60 * 60_000;
// a token dated a little ahead is a clock difference between instances; further ahead it is not one of ours
const clockSkewMs = 5 * 60_000;

/** The issue time of a valid, unexpired token for `binding`, or null. */
function verify(secret: string, binding: string, token: string, now = Date.now()): number | null {
  if (token.length > 200) return null;
  const [issuedAt, nonce, mac, extra] = token.split('.');
  if (!issuedAt || !nonce || !mac || extra !== undefined) return null;
  if (!safeEqual(mac, hmac(secret, `${binding}|${issuedAt}|${nonce}`))) return null;
  const time = Number.parseInt(issuedAt, 36);
  if (!Number.isFinite(time) || now - time > csrfMaxAgeMs || time - now > clockSkewMs) return null;
  return time;
}

/** True when a shared cache may store the answer (`public`, or `s-maxage` without `private`/`no-store`). */
function publiclyCacheable(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim().split('=')[0]);
  if (directives.includes('private') || directives.includes('no-store')) return false;
  return directives.includes('public') || directives.includes('s-maxage');
}

/** The anonymous cookie's value: what the page's script makes (early-script.ts) or the server, base64url. */
const anonPattern = /^[A-Za-z0-9_-]{22,64}$/;

/** What the token check concluded: refused, or accepted with the server's issue time when the token carries one. */
type Verdict = { issuedAt: number | null } | null;

/**
 * Anti-forgery (architecture §4, decision 040), in two steps, neither of which needs a database or puts anything per
 * visitor into a page:
 * 1. `hono/csrf`: a form-like POST/PUT/PATCH/DELETE (what a page on another site can send without asking) must come
 *    with `Sec-Fetch-Site: same-origin` or an `Origin` of this site, or it is refused with 403; and any other one whose
 *    `Sec-Fetch-Site` says it came from another site (cross-site, same-site, none), or whose `Origin` is not this site's,
 *    is refused with 403 too.
 * 2. The token, `X-CSRF-TOKEN` (or `X-XSRF-TOKEN`), which the client sends on every request (product §7). With a session
 *    cookie it must be a token signed for that session. Without one it is the double-submit value: equal to the
 *    anonymous cookie, which the page's own script set (or a token the server signed for it). A token sent and refused
 *    answers 419. No token at all is accepted only from a form the browser sent by itself, which step 1 has already
 *    proven same-origin (a page without JavaScript); anything else without one is 419.
 * Sets `c.var.csrfToken`, `c.var.bindCsrf` and `c.var.csrfIssuedAt`.
 *
 * @example
 * app.use('*', antiForgery({ secret: env.SESSION_SECRET, secure: env.secureCookies, allowedOrigins: [env.appUrl] }))
 */
export function antiForgery({ secret, secure, allowedOrigins = [] }: AntiForgeryOptions): MiddlewareHandler<AppEnv> {
  const names = cookieNames(secure);
  const ownOrigin = (origin: string, c: Context<AppEnv>) =>
    origin === new URL(c.req.url).origin || allowedOrigins.includes(origin);
  const originCheck = csrf({ origin: ownOrigin });
  const check = (c: Context<AppEnv>, sessionId: string | undefined, anon: string | undefined): Verdict => {
    const sent = c.req.header(csrfHeader) ?? c.req.header('X-XSRF-TOKEN');
    if (sent === undefined) return formContentType.test(c.req.header('Content-Type') || 'text/plain') ? { issuedAt: null } : null;
    if (sessionId) {
      const issuedAt = verify(secret, `s:${sessionId}`, sent);
      return issuedAt === null ? null : { issuedAt };
    }
    if (!anon) return null;
    if (safeEqual(sent, anon)) return { issuedAt: null };
    const issuedAt = verify(secret, `a:${anon}`, sent);
    return issuedAt === null ? null : { issuedAt };
  };
  const tokenCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
    const sessionId = getCookie(c, names.session);
    const cookie = getCookie(c, names.anon);
    let anon = cookie !== undefined && anonPattern.test(cookie) ? cookie : undefined;
    c.set('csrfIssuedAt', null);
    if (unsafeMethods.has(c.req.method)) {
      // hono/csrf looks only at what a page can send without asking (forms); a request of any other type that the
      // browser itself marks as coming from another site, a sibling subdomain included, is refused all the same
      const fetchSite = c.req.header('Sec-Fetch-Site');
      if (fetchSite !== undefined && fetchSite !== 'same-origin') throw new HTTPException(403);
      // and so is one whose `Origin` names another site (or `null`), from a browser too old to send `Sec-Fetch-Site`:
      // the token below would stop it too, but an older browser deserves both layers (issue #45)
      const origin = c.req.header('Origin');
      if (origin !== undefined && !ownOrigin(origin, c)) throw new HTTPException(403);
      const verdict = check(c, sessionId, anon);
      if (!verdict) return c.json({ message: csrfMismatchMessage }, 419 as UnofficialStatusCode);
      c.set('csrfIssuedAt', verdict.issuedAt);
    }
    let binding = sessionId ? `s:${sessionId}` : null;
    let issued: string | undefined;
    // whether the token the browser holds stopped working in this request: then the answer hands over the new one
    let changed = false;
    const anonymousBinding = () => {
      if (!anon) {
        anon = randomToken(24);
        setAnonCookie(c, names.anon, anon, secure);
      }
      return `a:${anon}`;
    };
    const token = () => (issued ??= issue(secret, binding ?? anonymousBinding()));
    c.set('csrfToken', token);
    c.set('bindCsrf', (id) => {
      binding = id ? `s:${id}` : null;
      issued = undefined;
      changed = true;
    });
    await next();
    // A shared cache would hand one visitor's cookie and token to everyone: an answer any cache may keep carries neither.
    if (publiclyCacheable(c.res.headers.get('Cache-Control'))) {
      c.res.headers.delete('Set-Cookie');
      return;
    }
    // Only a change is announced. The token in the page keeps its issue time otherwise, which is what the contact
    // forms' minimum fill time measures: a person correcting a 422 and sending again must not look like a bot.
    if (changed) c.res.headers.set(csrfHeader, token());
  };
  return async (c, next) => {
    // hono/csrf ignores what its `next` returns, so the 419 answer is carried out by hand
    let answer: Response | void = undefined;
    await originCheck(c, async () => {
      answer = await tokenCheck(c, next);
    });
    return answer;
  };
}

/**
 * The anonymous double-submit cookie, when the server has to make it (a token issued to a browser whose page's script
 * has not set one). Readable by the page's scripts, which copy it into the meta tag; `SameSite=Strict`, so no other
 * site's request carries it; `__Host-` in production, so no subdomain can set it (decision 040).
 */
function setAnonCookie(c: Context<AppEnv>, name: string, value: string, secure: boolean): void {
  // a browser-session cookie: a tab restored after the browser restarts gets 419 and the spec's «recarga la página»
  setCookie(c, name, value, { secure, sameSite: 'Strict', path: '/' });
}

/**
 * `GET /csrf-token`: a token the server signs now, in `X-CSRF-TOKEN` (the http client copies it into the meta tag). The
 * contact dialogs ask for one when they open: its issue time is when the form was first shown, which the minimum fill
 * time counts from (decision 040). Private, never kept by any cache.
 *
 * @example
 * registerCsrfTokenRoute(app)
 */
export function registerCsrfTokenRoute(app: Hono<AppEnv>): void {
  app.get(routerPath('csrfToken'), (c) =>
    c.body(null, 204, { [csrfHeader]: c.var.csrfToken(), 'Cache-Control': 'private, no-store' }),
  );
}
