import type { Context, ErrorHandler, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { genericErrorMessage } from '@gota/shared/contracts';
import { describeError, isDatabaseUnavailable } from '../db/errors';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';

export const envelopeMessages = {
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
export function errorHandler({ logger, database }: { logger: Logger; database?: Pick<Database, 'reportFailure'> }): ErrorHandler {
  return (error, c) => {
    const log = c.get('log') ?? logger;
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 403 ? envelopeMessages.crossOrigin : status === 413 ? envelopeMessages.tooLarge : genericErrorMessage;
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
 * JSON 405 with `Allow` for the API paths, registered after their real handlers: `GET /logout`, `PUT /login`…
 *
 * @example
 * methodNotAllowed(app, { '/logout': ['POST'], '/login': ['GET', 'HEAD', 'POST'] })
 */
export function methodNotAllowed(app: Hono, allowed: Record<string, string[]>): void {
  for (const [path, methods] of Object.entries(allowed)) {
    app.all(path, (c: Context) => {
      c.header('Allow', methods.join(', '));
      return c.json({ message: envelopeMessages.methodNotAllowed }, 405);
    });
  }
}
