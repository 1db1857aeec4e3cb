import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppServices } from '../app-services';
import type { Database } from '../db/database';
import { DatabaseUnavailableError } from '../db/errors';
import { antiForgery } from './anti-forgery';
import { session } from './sessions';

/**
 * A database handle for an app created without one (page-only tests, a tool): every form answers 503 and pages
 * render, which is also how the site behaves while the real database is down.
 */
export function absentDatabase(): Database {
  const fail = () => {
    throw new DatabaseUnavailableError('no configurada');
  };
  return {
    kind: 'pglite',
    ready: false,
    state: 'down',
    check: async () => 'down',
    reportFailure: () => undefined,
    use: fail,
    migrate: async () => fail(),
    ping: async () => false,
    close: async () => undefined,
  };
}

/** Endpoints whose bodies may be larger than BODY_LIMIT: a story's text and fields (100,000 characters, decision 049). */
const largerBodies = [{ prefix: '/api/historias', maxSize: 1024 * 1024 }];

/**
 * The middleware every request passes before pages and forms, in order: body limit (413), origin check (403) and
 * anti-forgery token (419), then the session (only when the request has a session cookie).
 *
 * @example
 * app.use('*', ...formEnvelope(services))
 */
export function formEnvelope({ env, sessions }: AppServices): MiddlewareHandler[] {
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new HTTPException(413);
      },
    });
  const limit = limitOf(env.BODY_LIMIT);
  const larger = largerBodies.map(({ prefix, maxSize }) => ({ prefix, limit: limitOf(Math.max(maxSize, env.BODY_LIMIT)) }));
  return [
    // a GET or HEAD has no body on this server (@hono/node-server never reads one): skipping the limit spares building
    // the full Request object it would inspect
    (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      return (larger.find(({ prefix }) => c.req.path.startsWith(prefix))?.limit ?? limit)(c, next);
    },
    antiForgery({ secret: env.SESSION_SECRET, secure: env.secureCookies, allowedOrigins: [new URL(env.appUrl).origin] }),
    session(sessions),
  ];
}
