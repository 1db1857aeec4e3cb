import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { kitApi, kitLimits, kitTooLargeMessage, mediaApi, mediaLimits, mediaTooLargeMessage } from '@gota/shared/contracts';
import type { AppServices } from '../app-services';
import type { Database } from '../db/database';
import { DatabaseUnavailableError } from '../db/errors';
import { antiForgery } from './anti-forgery';
import { session } from '../features/accounts';
import type { AppEnv } from '../types';

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

/**
 * Endpoints whose bodies may be larger than BODY_LIMIT, and what their 413 says when it is not the envelope's: a story's
 * text and fields (100,000 characters, decision 049); a photo's upload (20 MB and its form's other fields, decision 050);
 * a kit file's (50 MB, decision 061).
 */
const largerBodies: { prefix: string; maxSize: number; message?: string }[] = [
  { prefix: '/api/historias', maxSize: 1024 * 1024 },
  { prefix: mediaApi.upload, maxSize: mediaLimits.bytes + 64 * 1024, message: mediaTooLargeMessage },
  // a campaign kit file (50 MB and its form, decision 061): counted as it streams in, refused once past the limit
  { prefix: kitApi.upload, maxSize: kitLimits.bytes + 64 * 1024, message: kitTooLargeMessage },
];

/**
 * The middleware every request passes before pages and forms, in order: body limit (413), origin check (403) and
 * anti-forgery token (419), then the session (only when the request has a session cookie).
 *
 * @example
 * app.use('*', ...formEnvelope(services))
 */
export function formEnvelope({ env, sessions }: AppServices): MiddlewareHandler<AppEnv>[] {
  const limitOf = (maxSize: number, message?: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new HTTPException(413, { message });
      },
    });
  const limit = limitOf(env.BODY_LIMIT);
  const larger = largerBodies.map(({ prefix, maxSize, message }) => ({
    prefix,
    limit: limitOf(Math.max(maxSize, env.BODY_LIMIT), message),
  }));
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
