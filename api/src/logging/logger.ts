import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { MiddlewareHandler } from 'hono';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { AppEnv } from '../types';

export type { Logger };

/**
 * The API's structured logger (JSON lines on stdout). Secrets never reach it on purpose — request logs carry no
 * headers or bodies — and `redact` is the safety net for an object logged by mistake.
 *
 * @example
 * const logger = createLogger({ level: env.LOG_LEVEL })
 * logger.info({ user: id }, 'sesión iniciada')
 */
export function createLogger({
  level = 'info',
  destination,
  instance,
}: { level?: string; destination?: { write(line: string): void }; instance?: string | undefined } = {}): Logger {
  const options: LoggerOptions = {
    level,
    // every line says which instance wrote it, so the lines of a fleet can be told apart (issue #15 row 6)
    base: { service: 'gota-api', instance: instanceName(instance) },
    redact: {
      paths: [
        'password',
        'password_confirmation',
        'token',
        'cookie',
        'authorization',
        '*.password',
        '*.password_confirmation',
        '*.passwordHash',
        '*.token',
        '*.cookie',
        '*.authorization',
        'headers["x-csrf-token"]',
        'headers["x-xsrf-token"]',
        '*.headers.cookie',
        '*.headers.authorization',
      ],
      censor: '[redactado]',
    },
  };
  // a destination is for tests that read the lines; the server writes to stdout
  return destination ? pino(options, destination) : pino(options);
}

/** `INSTANCE_ID` when set, otherwise `hostname:pid` (unique on one machine and across machines). */
function instanceName(id?: string): string {
  return id || `${hostname()}:${process.pid}`;
}

/** Path segments that are secrets: the reset token travels in the path of its page and its POST. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/resetear-contrasena\/)[^/?#]+/, '$1[redactado]');
}

const requestIdPattern = /^[\w.:-]{1,64}$/;

/** The request's id: the one a proxy assigned (`X-Request-Id`, when well formed), else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

/** What the access log says of an answer. */
interface RequestEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** The access log's line for one answer (an error line for a 5xx); `log` carries the request id. */
export function logRequest(log: Logger, { method, path, status, ms }: RequestEntry): void {
  const entry = { method, path: loggablePath(path), status, ms: Math.round(ms) };
  if (status >= 500) log.error(entry, 'solicitud');
  else log.info(entry, 'solicitud');
}

/**
 * One log line per request (method, path without secrets, status, duration, request id); sets `c.var.log` and the
 * `X-Request-Id` response header (taken from the request when a proxy already assigned one).
 *
 * @example
 * app.use('*', requestLog({ logger }))
 */
export function requestLog({ logger }: { logger: Logger }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header('X-Request-Id'));
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    logRequest(log, { method: c.req.method, path: c.req.path, status: c.res.status, ms: performance.now() - started });
  };
}
