import type { Context, MiddlewareHandler } from 'hono';
import type { UnofficialStatusCode } from 'hono/utils/http-status';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { csrfMismatchMessage } from '@gota/shared/contracts';
import { cookieNames } from './cookies';
import { hmac, randomToken, safeEqual } from './tokens';

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * Re-issues `csrfToken` for a new binding: the new session id after sign-in, `null` after sign-out. The response
     * carries the new token in `X-CSRF-TOKEN`, which the browser copies into its meta tag.
     */
    bindCsrf: (sessionId: string | null) => void;
    /** When the token of this (verified) request was issued, in ms since the epoch; null on safe methods. */
    csrfIssuedAt: number | null;
  }
}

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
 * A token is `issuedAt.nonce.mac`, mac = HMAC(secret, binding|issuedAt|nonce). The binding is the session id when
 * there is a session, else the random value of the anonymous cookie (signed double submit): either way it lives in an
 * HttpOnly cookie a forger cannot read, and checking it needs no database. The nonce makes every page's token
 * different (no BREACH-style repetition); `issuedAt` gives the contact forms a server-side minimum fill time.
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
function verify(secret: string, binding: string, token: string | undefined, now = Date.now()): number | null {
  if (!token || token.length > 200) return null;
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
  const directives = cacheControl.toLowerCase().split(',').map((directive) => directive.trim().split('=')[0]);
  if (directives.includes('private') || directives.includes('no-store')) return false;
  return directives.includes('public') || directives.includes('s-maxage');
}

const anonPattern = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * Anti-forgery (architecture §4): a cross-origin form post is refused with 403 by `hono/csrf`'s origin check, and any
 * POST/PUT/PATCH/DELETE without a valid `X-CSRF-TOKEN` (or `X-XSRF-TOKEN`) answers 419. Anonymous page views stay
 * database-free. Sets `c.var.csrfToken` (the page's meta tag), `c.var.bindCsrf` and `c.var.csrfIssuedAt`.
 *
 * @example
 * app.use('*', antiForgery({ secret: env.SESSION_SECRET, secure: env.secureCookies, allowedOrigins: [env.appUrl] }))
 */
export function antiForgery({ secret, secure, allowedOrigins = [] }: AntiForgeryOptions): MiddlewareHandler {
  const names = cookieNames(secure);
  const originCheck = csrf({
    origin: (origin, c) => origin === new URL(c.req.url).origin || allowedOrigins.includes(origin),
  });
  const tokenCheck: MiddlewareHandler = async (c, next) => {
    let anon = getCookie(c, names.anon);
    // whether the token the browser holds stopped working in this request: then the answer hands over the new one
    let changed = false;
    if (!anon || !anonPattern.test(anon)) {
      anon = randomToken(24);
      setAnonCookie(c, names.anon, anon, secure);
      changed = true;
    }
    const sessionId = getCookie(c, names.session);
    c.set('csrfIssuedAt', null);
    if (unsafeMethods.has(c.req.method)) {
      const sent = c.req.header(csrfHeader) ?? c.req.header('X-XSRF-TOKEN');
      // bound to what the request's cookies say: the session id if there is one, else the anonymous value
      const issuedAt = verify(secret, sessionId ? `s:${sessionId}` : `a:${anon}`, sent);
      if (issuedAt === null) return c.json({ message: csrfMismatchMessage }, 419 as UnofficialStatusCode);
      c.set('csrfIssuedAt', issuedAt);
    }
    const anonValue = anon;
    const bind = (id: string | null) => c.set('csrfToken', issue(secret, id ? `s:${id}` : `a:${anonValue}`));
    bind(sessionId ?? null);
    c.set('bindCsrf', (id) => {
      bind(id);
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
    if (changed) c.res.headers.set(csrfHeader, c.get('csrfToken'));
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

function setAnonCookie(c: Context, name: string, value: string, secure: boolean): void {
  // a browser-session cookie: a tab restored after the browser restarts gets 419 and the spec's «recarga la página»
  setCookie(c, name, value, { httpOnly: true, secure, sameSite: 'Lax', path: '/' });
}
