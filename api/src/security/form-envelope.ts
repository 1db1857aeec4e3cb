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

/** A POST route allowed a larger body than BODY_LIMIT (a photo's upload), and what its 413 says. */
export interface LargerBody {
  path: string;
  maxSize: number;
  message: string;
}

/**
 * The middleware every request passes before pages and forms, in order: body limit (413), origin check (403) and
 * anti-forgery token (419), then the session (only when the request has a session cookie). A POST to a path of
 * `larger` has that limit instead of BODY_LIMIT.
 *
 * @example
 * app.use('*', ...formEnvelope(services, [mediaUploadBody]))
 */
export function formEnvelope({ env, sessions }: AppServices, larger: LargerBody[] = []): MiddlewareHandler[] {
  const limitOf = (maxSize: number, message?: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new HTTPException(413, { message });
      },
    });
  const limit = limitOf(env.BODY_LIMIT);
  const largerLimits = new Map(larger.map((route) => [route.path, limitOf(route.maxSize, route.message)]));
  return [
    // a GET or HEAD has no body on this server (@hono/node-server never reads one): skipping the limit spares building
    // the full Request object it would inspect
    (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      return ((c.req.method === 'POST' && largerLimits.get(c.req.path)) || limit)(c, next);
    },
    antiForgery({ secret: env.SESSION_SECRET, secure: env.secureCookies, allowedOrigins: [new URL(env.appUrl).origin] }),
    session(sessions),
  ];
}
