import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import type { Logger } from '../logging/logger';

/** What the app asks about the process's life: /readyz answers 503 once it is draining. */
export interface Lifecycle {
  readonly draining: boolean;
}

/** A lifecycle that never drains: in-process tests and tools. */
export const alwaysServing: Lifecycle = { draining: false };

export interface ShutdownOptions {
  /** The drain ends by force after this long (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
  /** Runs once the last connection is closed: stop the outbox sender (its mail in flight ends), then the database. */
  cleanup: () => Promise<unknown>;
  exit?: (code: number) => void;
}

/**
 * Graceful drain for one HTTP server (issue #15 row 2). On `shutdown(signal)`:
 *
 * 1. `draining` turns true at once: /readyz answers 503 and every answer from then on, including those already being
 *    computed, carries `Connection: close`, so each keep-alive connection closes after its next answer instead of
 *    being cut while a proxy may be writing a request into it.
 * 2. The server stops accepting connections: a balancer's new connection is refused, which it retries elsewhere
 *    (nothing was sent). Node's `server.close()` would also cut the idle keep-alive connections at once, the cause of
 *    the 502s under nginx, so only the listening socket is closed here.
 * 3. When the last request in flight has answered, the idle connections are closed and, once every connection is gone,
 *    `cleanup` runs and the process exits 0. After `timeoutMs` whatever is left is cut and the process exits 1.
 *
 * The start and the end of the drain are logged.
 *
 * @example
 * const lifecycle = drainingLifecycle()
 * const app = createApp({ …, lifecycle })
 * const server = serve({ fetch: app.fetch, port })
 * const shutdown = gracefulShutdown(server, lifecycle, { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, logger, cleanup })
 * process.on('SIGTERM', () => shutdown('SIGTERM'))
 */
export function gracefulShutdown(
  server: Server,
  lifecycle: Lifecycle & { startDraining(): void },
  { timeoutMs, logger, cleanup, exit = (code) => process.exit(code) }: ShutdownOptions,
): (signal: string) => void {
  const inFlight = new Set<ServerResponse>();
  const connections = new Set<Socket>();
  let started = 0;
  let finished = false;

  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => {
      connections.delete(socket);
      if (lifecycle.draining && connections.size === 0) void finish();
    });
  });
  // prepended: some answers are written synchronously by the first 'request' listener (Hono's)
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.on('close', () => {
      inFlight.delete(res);
      if (lifecycle.draining && inFlight.size === 0) server.closeIdleConnections();
    });
  });

  const finish = async () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    await cleanup().catch((error: unknown) => logger.warn({ err: (error as Error).message }, 'error al cerrar recursos'));
    logger.info({ ms: Math.round(performance.now() - started) }, 'drenado terminado');
    exit(0);
  };
  let timer: NodeJS.Timeout | undefined;

  return (signal: string) => {
    if (lifecycle.draining) {
      logger.warn({ signal }, 'drenado en curso; la señal se ignora');
      return;
    }
    started = performance.now();
    lifecycle.startDraining();
    logger.info({ signal, inFlight: inFlight.size, connections: connections.size, timeoutMs }, 'drenado iniciado');
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    net.Server.prototype.close.call(server);
    timer = setTimeout(() => {
      if (finished) return;
      finished = true;
      logger.warn(
        { inFlight: inFlight.size, connections: connections.size, timeoutMs },
        'drenado incompleto: se cortan las conexiones que quedan',
      );
      server.closeAllConnections();
      exit(1);
    }, timeoutMs);
    if (inFlight.size === 0) server.closeIdleConnections();
    if (connections.size === 0) void finish();
  };
}

/** The lifecycle of the server process: starts serving, drains once. */
export function drainingLifecycle(): Lifecycle & { startDraining(): void } {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
