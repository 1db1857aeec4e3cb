import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { TeamRole } from '@gota/shared/contracts';
import { tokenPattern } from '@gota/shared/schemas';
import { databaseBudgets, type Database, type Tx } from '../../db/database';
import { describeError, unanswered } from '../../db/errors';
import { withTimeout } from '../../lifecycle/time-limit';
import { sessions, userRoles, users } from './schema';
import { parseRoles } from './roles';
import { hasFactorSql } from './second-factor';
import { cookieNames } from '../../security/cookies';
import { randomToken, sha256 } from '../../security/tokens';
import type { AppEnv } from '../../types';

/** The signed-in visitor of this request. */
export interface CurrentSession {
  /** The raw id from the cookie (never stored or logged). */
  id: string;
  userId: string;
  name: string;
  /** Lower case, as stored. */
  email: string;
  remember: boolean;
  /** The roles the account holds on the campaign team (decision 051), read with the session on every request. */
  roles: TeamRole[];
  /** Whether the account has a second factor enrolled (an authenticator app or a passkey, decision 055). */
  hasFactor: boolean;
  /** Whether this session proved it (after the password, or by setting it up). */
  secondFactor: boolean;
}

/**
 * A session with the password only, of an account with a second factor (decision 055): it is the second step's, and
 * nothing else's — the rest of the site sees an anonymous visitor.
 */
export type PendingSignIn = Omit<CurrentSession, 'secondFactor'>;

/** How long the second step may take after the password, in minutes: then the sign-in starts again. */
const secondStepMinutes = 10;

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
  /** Minutes without a request before the session of an account with a role of the team ends, 'Recordarme' or not (30). */
  roleIdleMinutes?: number;
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
export function sessionStore({
  database,
  idleMinutes = 120,
  maxHours = 12,
  rememberIdleDays = 7,
  rememberDays = 30,
  roleIdleMinutes = 30,
}: SessionStoreOptions) {
  const idleMs = idleMinutes * minute;
  const rememberMs = rememberDays * day;
  // a person who can change what the public sees, or read its messages, is signed out sooner when away (decision 051)
  const limits = (remember: boolean, withRole = false) => {
    const base = remember
      ? { idle: rememberIdleDays * day, absolute: rememberMs }
      : { idle: idleMs, absolute: maxHours * 60 * minute };
    return withRole ? { ...base, idle: Math.min(base.idle, roleIdleMinutes * minute) } : base;
  };
  const expiry = (remember: boolean, createdAt: number, now: number, withRole = false) => {
    const { idle, absolute } = limits(remember, withRole);
    return new Date(Math.min(now + idle, createdAt + absolute));
  };
  return {
    idleMs,
    rememberMs,
    /** The live session of a raw id, extending its idle life; null when unknown or past either limit. */
    async lookup(id: string): Promise<(CurrentSession & { pending: boolean }) | null> {
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
          // the roles with the session, in the same statement: never kept per process, so a removal counts at once
          roles: sql<
            string | null
          >`(select string_agg(${userRoles.role}, ',') from ${userRoles} where ${userRoles.userId} = ${sessions.userId})`,
          // and whether the account has a second factor, which says what a session without proof of it is (decision 055)
          hasFactor: hasFactorSql(sessions.userId),
          secondFactorAt: sessions.secondFactorAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, sha256(id)), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      const roles = parseRoles(row.roles);
      const hasFactor = row.hasFactor === true;
      const base = { id, userId: row.userId, name: row.name, email: row.email, remember: row.remember, roles, hasFactor };
      // the password alone, for an account with a factor: the second step's, for its few minutes, and never extended
      if (hasFactor && !row.secondFactorAt) {
        return now.getTime() - row.createdAt.getTime() > secondStepMinutes * minute
          ? null
          : { ...base, secondFactor: false, pending: true };
      }
      const { idle, absolute } = limits(row.remember, roles.length > 0);
      if (now.getTime() - row.lastSeenAt.getTime() > idle || now.getTime() - row.createdAt.getTime() > absolute) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > touchEvery) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: expiry(row.remember, row.createdAt.getTime(), now.getTime(), roles.length > 0) })
          .where(eq(sessions.idHash, sha256(id)));
      }
      return { ...base, secondFactor: hasFactor && row.secondFactorAt !== null, pending: false };
    },
    /**
     * A new session. `state`: 'pending' for the password alone of an account with a second factor (it ends after the
     * second step's minutes), 'proved' once the second factor was shown, 'plain' otherwise.
     */
    async create(
      userId: string,
      remember: boolean,
      tx?: Tx,
      withRole = false,
      state: 'plain' | 'pending' | 'proved' = 'plain',
    ): Promise<{ id: string; expiresAt: Date }> {
      const id = randomToken(32);
      const now = Date.now();
      const expiresAt = state === 'pending' ? new Date(now + secondStepMinutes * minute) : expiry(remember, now, now, withRole);
      await (tx ?? database.use())
        .insert(sessions)
        .values({ idHash: sha256(id), userId, remember, expiresAt, secondFactorAt: state === 'proved' ? new Date(now) : null });
      return { id, expiresAt };
    },
    async destroy(id: string): Promise<void> {
      await database
        .use()
        .delete(sessions)
        .where(eq(sessions.idHash, sha256(id)));
    },
    /** Signs the user out everywhere (password reset, removal from the team): on every instance, as the rows are gone. */
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
  /**
   * Run at every sign-in: gives the account the environment's first roles it was never given (decision 051), so an
   * account created after the start gets them, and answers the roles it holds.
   */
  signingIn: (user: { id: string; email: string }) => Promise<TeamRole[]>;
  /** Whether the account has a second factor enrolled: then a sign-in with the password is only its first step. */
  hasFactor: (userId: string) => Promise<boolean>;
}

/** What the chrome and every check read of the signed-in visitor: the first name and the roles. */
function authUserOf(name: string, roles: TeamRole[], secondFactor: boolean) {
  return { firstName: name, staff: roles.length > 0, roles, secondFactor };
}

/**
 * Resolves the session cookie into `c.var.session` and `c.var.authUser` (first name for the top bar). Requests
 * without the cookie never touch the database. When the database is down the visitor is treated as anonymous for
 * this request and the cookie is kept, so pages still render and the session is back with the database.
 *
 * @example
 * app.use('*', session({ store, secure: env.secureCookies }))
 */
export function session({ store, secure }: Pick<SessionOptions, 'store' | 'secure'>): MiddlewareHandler<AppEnv> {
  const names = cookieNames(secure);
  return async (c, next) => {
    c.set('session', null);
    c.set('authUser', null);
    c.set('pendingSignIn', null);
    const id = getCookie(c, names.session);
    if (id) {
      try {
        // a page does not wait on a slow database (issue #12 row 4): past the budget it renders as anonymous
        const current = tokenPattern.test(id)
          ? await withTimeout(store.lookup(id), databaseBudgets.sessionLookup, unanswered(databaseBudgets.sessionLookup))
          : null;
        if (current?.pending) {
          const { pending: _, secondFactor: __, ...waiting } = current;
          c.set('pendingSignIn', waiting);
        } else if (current) {
          const { pending: _, ...signedIn } = current;
          c.set('session', signedIn);
          c.set('authUser', authUserOf(current.name, current.roles, current.secondFactor));
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

/**
 * Starts a session for `user` (rotating any previous one) and rebinds the anti-forgery token to it. An account with a
 * second factor gets the second step's session only (decision 055): the answer is 'pending', and the visitor is still
 * anonymous to the rest of the site until `completeSecondStep`.
 */
export async function signIn(
  c: Context<AppEnv>,
  { store, secure, signingIn, hasFactor }: SessionOptions,
  user: { id: string; name: string; email: string },
  remember: boolean,
): Promise<'signed-in' | 'pending'> {
  const previous = getCookie(c, cookieNames(secure).session);
  if (previous && tokenPattern.test(previous)) await store.destroy(previous);
  const roles = await signingIn(user);
  const factor = await hasFactor(user.id);
  const { id } = await store.create(user.id, remember, undefined, roles.length > 0, factor ? 'pending' : 'plain');
  setSessionCookie(c, secure, id, remember ? store.rememberMs : undefined);
  c.get('bindCsrf')(id);
  if (factor) {
    c.set('pendingSignIn', { id, userId: user.id, name: user.name, email: user.email, remember, roles, hasFactor: true });
    return 'pending';
  }
  c.set('session', {
    id,
    userId: user.id,
    name: user.name,
    email: user.email,
    remember,
    roles,
    hasFactor: false,
    secondFactor: false,
  });
  c.set('authUser', authUserOf(user.name, roles, false));
  return 'signed-in';
}

/** Ends the second step: the password-only session is replaced by a new one that proved the second factor. */
export async function completeSecondStep(
  c: Context<AppEnv>,
  { store, secure }: Pick<SessionOptions, 'store' | 'secure'>,
  pending: PendingSignIn,
): Promise<void> {
  await store.destroy(pending.id);
  const { id } = await store.create(pending.userId, pending.remember, undefined, pending.roles.length > 0, 'proved');
  setSessionCookie(c, secure, id, pending.remember ? store.rememberMs : undefined);
  c.set('pendingSignIn', null);
  c.set('session', { ...pending, id, secondFactor: true });
  c.set('authUser', authUserOf(pending.name, pending.roles, true));
  c.get('bindCsrf')(id);
}

/** Ends this request's session (if any), clears the cookie and rebinds the token to the anonymous cookie. */
export async function signOut(c: Context<AppEnv>, { store, secure }: SessionOptions): Promise<void> {
  const id = getCookie(c, cookieNames(secure).session);
  if (id && tokenPattern.test(id)) await store.destroy(id);
  forgetSession(c, secure);
}

/** Clears the cookie and the request's session without touching the database (their rows are already gone). */
export function forgetSession(c: Context<AppEnv>, secure: boolean): void {
  deleteCookie(c, cookieNames(secure).session, { path: '/', secure });
  c.set('session', null);
  c.set('authUser', null);
  c.set('pendingSignIn', null);
  c.get('bindCsrf')(null);
}

function setSessionCookie(c: Context<AppEnv>, secure: boolean, id: string, maxAgeMs: number | undefined): void {
  setCookie(c, cookieNames(secure).session, id, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    // without 'Recordarme' a browser-session cookie; the server ends it after 120 idle minutes anyway
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  });
}
