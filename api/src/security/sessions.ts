import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, gt, lt } from 'drizzle-orm';
import { tokenPattern } from '@gota/shared/schemas';
import { databaseBudgets, type Database, type Tx } from '../db/database';
import { describeError, withTimeout } from '../db/errors';
import { sessions, users } from '../db/schema';
import { cookieNames } from './cookies';
import { randomToken, sha256 } from './tokens';

/** The signed-in visitor of this request. */
export interface CurrentSession {
  /** The raw id from the cookie (never stored or logged). */
  id: string;
  userId: string;
  name: string;
  /** Lower case, as stored. */
  email: string;
  remember: boolean;
}

declare module 'hono' {
  interface ContextVariableMap {
    session: CurrentSession | null;
  }
}

export interface SessionStoreOptions {
  database: Database;
  /** Minutes without a request before a normal session ends (architecture §4: 120). */
  idleMinutes?: number;
  /** Hours after sign-in a normal session ends, however much it is used (12). */
  maxHours?: number;
  /** Days without a request before a 'Recordarme' session ends (7). */
  rememberIdleDays?: number;
  /** Days after sign-in a 'Recordarme' session ends, however much it is used (30). */
  rememberDays?: number;
}

const minute = 60_000;
const day = 24 * 60 * minute;
// Writing last_seen_at on every request would turn each page view into a write; once a minute is precise enough.
const touchEvery = minute;

/**
 * Sessions in the database (architecture §4): the cookie holds 256 random bits, the table their SHA-256. Every session
 * has an idle limit (from its last request) and an absolute one (from sign-in), both shorter without 'Recordarme'
 * (decision 008). `expires_at` holds the earlier of the two; the look-up checks both again, so a row written under
 * other limits obeys the current ones.
 *
 * @example
 * const store = sessionStore({ database })
 * const { id } = await store.create(user.id, true)
 */
export function sessionStore({ database, idleMinutes = 120, maxHours = 12, rememberIdleDays = 7, rememberDays = 30 }: SessionStoreOptions) {
  const idleMs = idleMinutes * minute;
  const rememberMs = rememberDays * day;
  const limits = (remember: boolean) =>
    remember ? { idle: rememberIdleDays * day, absolute: rememberMs } : { idle: idleMs, absolute: maxHours * 60 * minute };
  const expiry = (remember: boolean, createdAt: number, now: number) => {
    const { idle, absolute } = limits(remember);
    return new Date(Math.min(now + idle, createdAt + absolute));
  };
  return {
    idleMs,
    rememberMs,
    /** The live session of a raw id, extending its idle life; null when unknown or past either limit. */
    async lookup(id: string): Promise<CurrentSession | null> {
      const db = database.use();
      const now = new Date();
      const [row] = await db
        .select({
          userId: sessions.userId,
          remember: sessions.remember,
          lastSeenAt: sessions.lastSeenAt,
          createdAt: sessions.createdAt,
          name: users.name,
          email: users.email,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, sha256(id)), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      const { idle, absolute } = limits(row.remember);
      if (now.getTime() - row.lastSeenAt.getTime() > idle || now.getTime() - row.createdAt.getTime() > absolute) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > touchEvery) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: expiry(row.remember, row.createdAt.getTime(), now.getTime()) })
          .where(eq(sessions.idHash, sha256(id)));
      }
      return { id, userId: row.userId, name: row.name, email: row.email, remember: row.remember };
    },
    async create(userId: string, remember: boolean, tx?: Tx): Promise<{ id: string; expiresAt: Date }> {
      const id = randomToken(32);
      const expiresAt = expiry(remember, Date.now(), Date.now());
      await (tx ?? database.use()).insert(sessions).values({ idHash: sha256(id), userId, remember, expiresAt });
      return { id, expiresAt };
    },
    async destroy(id: string): Promise<void> {
      await database.use().delete(sessions).where(eq(sessions.idHash, sha256(id)));
    },
    /** Signs the user out everywhere (password reset). */
    async destroyAllFor(userId: string, tx?: Tx): Promise<void> {
      await (tx ?? database.use()).delete(sessions).where(eq(sessions.userId, userId));
    },
    /** Tells the database's circuit breaker about a failed look-up. */
    reportFailure(error: unknown): void {
      database.reportFailure(error);
    },
    /** Deletes expired rows; called now and then, nothing depends on it for correctness. */
    async prune(): Promise<void> {
      await database.use().delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

type SessionStore = ReturnType<typeof sessionStore>;

export interface SessionOptions {
  store: SessionStore;
  secure: boolean;
  /** True for an account listed in STAFF_EMAILS (the campaign team's inbox). */
  isStaff: (email: string) => boolean;
}

/**
 * Resolves the session cookie into `c.var.session` and `c.var.authUser` (first name for the top bar). Requests
 * without the cookie never touch the database. When the database is down the visitor is treated as anonymous for
 * this request and the cookie is kept, so pages still render and the session is back with the database.
 *
 * @example
 * app.use('*', session({ store, secure: env.secureCookies }))
 */
export function session({ store, secure, isStaff }: SessionOptions): MiddlewareHandler {
  const names = cookieNames(secure);
  return async (c, next) => {
    c.set('session', null);
    c.set('authUser', null);
    const id = getCookie(c, names.session);
    if (id) {
      try {
        // a page does not wait on a slow database (issue #12 row 4): past the budget it renders as anonymous
        const current = tokenPattern.test(id) ? await withTimeout(store.lookup(id), databaseBudgets.sessionLookup) : null;
        if (current) {
          c.set('session', current);
          c.set('authUser', { firstName: current.name, staff: isStaff(current.email) });
        } else {
          deleteCookie(c, names.session, { path: '/', secure });
          c.get('bindCsrf')(null);
        }
      } catch (error) {
        store.reportFailure(error);
        c.get('log').warn({ err: describeError(error) }, 'no se pudo leer la sesión; se atiende como anónimo');
      }
    }
    await next();
  };
}

/** Starts a session for `user` (rotating any previous one) and rebinds the anti-forgery token to it. */
export async function signIn(
  c: Context,
  { store, secure, isStaff }: SessionOptions,
  user: { id: string; name: string; email: string },
  remember: boolean,
): Promise<void> {
  const previous = getCookie(c, cookieNames(secure).session);
  if (previous && tokenPattern.test(previous)) await store.destroy(previous);
  const { id } = await store.create(user.id, remember);
  setSessionCookie(c, secure, id, remember ? store.rememberMs : undefined);
  c.set('session', { id, userId: user.id, name: user.name, email: user.email, remember });
  c.set('authUser', { firstName: user.name, staff: isStaff(user.email) });
  c.get('bindCsrf')(id);
}

/** Ends this request's session (if any), clears the cookie and rebinds the token to the anonymous cookie. */
export async function signOut(c: Context, { store, secure }: SessionOptions): Promise<void> {
  const id = getCookie(c, cookieNames(secure).session);
  if (id && tokenPattern.test(id)) await store.destroy(id);
  forgetSession(c, secure);
}

/** Clears the cookie and the request's session without touching the database (their rows are already gone). */
export function forgetSession(c: Context, secure: boolean): void {
  deleteCookie(c, cookieNames(secure).session, { path: '/', secure });
  c.set('session', null);
  c.set('authUser', null);
  c.get('bindCsrf')(null);
}

function setSessionCookie(c: Context, secure: boolean, id: string, maxAgeMs: number | undefined): void {
  setCookie(c, cookieNames(secure).session, id, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    // without 'Recordarme' a browser-session cookie; the server ends it after 120 idle minutes anyway
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  });
}
