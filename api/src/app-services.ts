import type { Context } from 'hono';
import type { Database } from './db/database';
import type { Env } from './env';
import type { Logger } from './logging/logger';
import type { OutboxSender } from './mail/outbox';
import { clientIp } from './security/client-ip';
import { sessionStore, type SessionOptions, bootstrapGrants, teamSignIn, factorCount } from './features/accounts';
import type { AppEnv } from './types';

/**
 * The app's service bag: what every route and middleware is built from (the settings, the database, the mail outbox,
 * the logger, the sessions and the client's IP). Built once in `createApp`.
 */
export interface AppServices {
  env: Env;
  database: Database;
  /** Mail is written with `enqueueMail` in the handler's transaction; `outbox.nudge()` after the commit. */
  outbox: Pick<OutboxSender, 'nudge'>;
  logger: Logger;
  sessions: SessionOptions;
  /** The client's IP for throttling. */
  ip: (c: Context<AppEnv>) => string;
  /** Now, in ms: what a code of an authenticator app is checked against (a test's own clock, decision 055). */
  clock: () => number;
}

export function appServices(parts: Omit<AppServices, 'sessions' | 'ip'>): AppServices {
  const { env, database } = parts;
  const grants = bootstrapGrants(env);
  return {
    ...parts,
    sessions: {
      store: sessionStore({
        database,
        idleMinutes: env.SESSION_IDLE_MINUTES,
        maxHours: env.SESSION_MAX_HOURS,
        rememberIdleDays: env.REMEMBER_IDLE_DAYS,
        rememberDays: env.REMEMBER_MAX_DAYS,
        roleIdleMinutes: env.ROLE_SESSION_IDLE_MINUTES,
      }),
      secure: env.secureCookies,
      // an account listed in the environment gets its first roles when it exists (decision 051)
      signingIn: (user) => database.use().transaction((tx) => teamSignIn(tx, grants, user)),
      hasFactor: async (userId) => (await factorCount(database.use(), userId)) > 0,
    },
    ip: (c) => clientIp(c, env.TRUST_PROXY),
  };
}
