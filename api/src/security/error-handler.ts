import type { Context, ErrorHandler, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { genericErrorMessage } from '@gota/shared/contracts';
import { describeError, isDatabaseUnavailable } from '../db/errors';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { AppEnv } from '../types';

const envelopeMessages = {
  crossOrigin: 'No aceptamos formularios enviados desde otro sitio.',
  tooLarge: 'El contenido enviado es demasiado grande.',
  methodNotAllowed: 'Método no permitido en esta dirección.',
} as const;

/**
 * The last word on a failure: a Spanish JSON answer without a stack. The origin check (403) and other HTTP exceptions
 * keep their status; an unreachable database is 503 (the pages do not need it, the forms do); anything else is 500
 * and is logged without query parameters (they can hold password hashes).
 *
 * @example
 * app.onError(errorHandler({ logger }))
 */
export function errorHandler({
  logger,
  database,
}: {
  logger: Logger;
  database?: Pick<Database, 'reportFailure'>;
}): ErrorHandler<AppEnv> {
  return (error, c) => {
    const log = c.get('log') ?? logger;
    if (error instanceof HTTPException) {
      const status = error.status;
      // a route with its own body limit says its own 413 (a photo's upload, form-envelope.ts)
      const message =
        status === 403
          ? envelopeMessages.crossOrigin
          : status === 413
            ? error.message || envelopeMessages.tooLarge
            : genericErrorMessage;
      // the rest of an oversize body is still on its way: this connection is not reused, the server reads and drops
      // what is left after the answer (a lingering close, see http-server.ts) so the client gets to read the 413
      if (status === 413) c.header('Connection', 'close');
      return c.json({ message }, status);
    }
    if (isDatabaseUnavailable(error)) {
      database?.reportFailure(error);
      log.warn({ err: describeError(error) }, 'base de datos no disponible');
      c.header('Retry-After', '5');
      return c.json({ message: genericErrorMessage }, 503);
    }
    log.error({ err: describeError(error) }, 'error no controlado');
    return c.json({ message: genericErrorMessage }, 500);
  };
}

/**
 * The methods each path answers, read from the handlers registered on `app` so far: `app.all` middleware (guards,
 * security headers) and wildcard mounts (static files) do not count, and a GET answers HEAD too, as Hono does.
 *
 * @example
 * allowedMethods(app).get('/logout') // ['POST']
 */
export function allowedMethods(app: Hono<AppEnv>): Map<string, string[]> {
  const allowed = new Map<string, Set<string>>();
  for (const { path, method } of app.routes) {
    if (method === 'ALL' || path.includes('*')) continue;
    const methods = allowed.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    allowed.set(path, methods);
  }
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const rank = (method: string) => (order.includes(method) ? order.indexOf(method) : order.length);
  return new Map([...allowed].map(([path, methods]) => [path, [...methods].sort((a, b) => rank(a) - rank(b))]));
}

/**
 * JSON 405 with `Allow` for every registered path asked with a method it does not answer (`GET /logout`, `PUT /login`,
 * `POST /historias`). Call it after the last real handler: the table is what is registered at that moment.
 *
 * @example
 * methodNotAllowed(app)
 */
export function methodNotAllowed(app: Hono<AppEnv>): void {
  for (const [path, methods] of allowedMethods(app)) {
    const allow = methods.join(', ');
    app.all(path, (c: Context<AppEnv>) => {
      c.header('Allow', allow);
      return c.json({ message: envelopeMessages.methodNotAllowed }, 405);
    });
  }
}
