import type { Context, MiddlewareHandler } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { tooManyAttemptsMessage } from '@gota/shared/contracts';
import type { Database, Tx } from '../db/database';
import { throttleCounters } from '../db/schema';
import { sha256 } from './tokens';
import { metrics } from '../observability/metrics';
import type { Env } from '../env';
import type { AppEnv } from '../types';

export interface HitResult {
  allowed: boolean;
  /** Attempts in this window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/**
 * Counts one attempt on `key` in a fixed window and says whether it is within `limit`. One atomic upsert, timed by
 * the database's clock, so every API instance shares the counters. `limit` 0 disables the check.
 *
 * @example
 * const { allowed, retryAfter } = await hit(database.use(), 'login:ip:203.0.113.9', 20, 60)
 */
export async function hit(
  db: Tx | ReturnType<Database['use']>,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<HitResult> {
  if (limit <= 0) return { allowed: true, count: 0, retryAfter: 0 };
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(throttleCounters)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: throttleCounters.key,
      set: {
        // an expired window starts again at 1; a live one counts up
        count: sql`case when ${throttleCounters.resetAt} <= now() then 1 else ${throttleCounters.count} + 1 end`,
        resetAt: sql`case when ${throttleCounters.resetAt} <= now() then now() + ${window} else ${throttleCounters.resetAt} end`,
      },
    })
    .returning({
      count: throttleCounters.count,
      retryAfter: sql<string>`ceil(extract(epoch from (${throttleCounters.resetAt} - now())))`,
    });
  const count = row?.count ?? 1;
  const retryAfter = Math.max(1, Number(row?.retryAfter ?? windowSeconds));
  return { allowed: count <= limit, count, retryAfter };
}

/** Forgets a key (a successful sign-in clears its identity counter). */
export async function resetCounter(db: ReturnType<Database['use']>, key: string): Promise<void> {
  await db.delete(throttleCounters).where(eq(throttleCounters.key, key));
}

/** The key of an identity (email, username): hashed, so the counters table holds no addresses. */
export function identityKey(action: string, identity: string): string {
  return `${action}:id:${sha256(identity.trim().toLowerCase()).slice(0, 32)}`;
}

export function ipKey(action: string, ip: string): string {
  return `${action}:ip:${ip}`;
}

/** The 429 of architecture §4 with `Retry-After`. */
export function tooManyAttempts(c: Context<AppEnv>, retryAfter: number, message: string = tooManyAttemptsMessage): Response {
  c.header('Retry-After', String(retryAfter));
  metrics.throttleRefusals.inc({ route: c.req.path });
  return c.json({ message }, 429);
}

/**
 * Counts an attempt of `action` on an identity (an email, a username) and answers 429 when over the identity limit; null
 * when the attempt may go on. Used by every form that names a person (sign-in, registration, recovery, contact).
 */
export async function throttleIdentity(
  { env, database }: { env: Pick<Env, 'THROTTLE_IDENTITY_LIMIT' | 'THROTTLE_WINDOW_SECONDS'>; database: Pick<Database, 'use'> },
  c: Context<AppEnv>,
  action: string,
  identity: string,
): Promise<Response | null> {
  const result = await hit(
    database.use(),
    identityKey(action, identity),
    env.THROTTLE_IDENTITY_LIMIT,
    env.THROTTLE_WINDOW_SECONDS,
  );
  return result.allowed ? null : tooManyAttempts(c, result.retryAfter);
}

export interface ThrottleOptions {
  database: Database;
  /** Names the counter: login, recovery, registration, contact. */
  action: string;
  limit: number;
  windowSeconds: number;
  /** The client's IP (see client-ip.ts). */
  ip: (c: Context<AppEnv>) => string;
}

/**
 * Per-IP limit on a route, counted before the body is read: a flood of malformed requests is throttled too.
 *
 * @example
 * app.post('/login', throttle({ database, action: 'login', limit: 20, windowSeconds: 60, ip }), handler)
 */
export function throttle({ database, action, limit, windowSeconds, ip }: ThrottleOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await hit(database.use(), ipKey(action, ip(c)), limit, windowSeconds);
    if (!result.allowed) return tooManyAttempts(c, result.retryAfter);
    await next();
  };
}
