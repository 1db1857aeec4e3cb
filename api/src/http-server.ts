import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './types';

interface HttpLimits {
  /** Whole request, headers and body (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutMs: number;
  /** Headers alone (HEADERS_TIMEOUT_SECONDS). */
  headersTimeoutMs: number;
}

interface LingerOptions {
  /** Longest the socket is read after our answer, whatever the client does. */
  totalMs?: number;
  /** Longest pause between two packets of the client before giving up. */
  idleMs?: number;
  /** Most bytes read and thrown away. */
  maxBytes?: number;
}

/**
 * A lingering close (what nginx does): instead of destroying a socket whose request body was not read (a 413 answers
 * before the body arrives), send our answer and FIN, then read and discard what the client is still sending until it
 * stops, within bounds. Destroying at once leaves unread bytes in the kernel, which then resets the connection and
 * can throw away the answer before the client reads it ("other side closed").
 */
function lingerOnClose(
  socket: Socket,
  { totalMs = 30_000, idleMs = 5_000, maxBytes = 64 * 1024 * 1024 }: LingerOptions = {},
): void {
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    if (socket.readableEnded) return destroySoon();
    let bytes = 0;
    const finish = () => {
      clearTimeout(total);
      clearTimeout(idle);
      socket.off('data', discard);
      if (!socket.destroyed) socket.destroy();
    };
    const discard = (chunk: Buffer) => {
      bytes += chunk.length;
      idle.refresh();
      if (bytes > maxBytes) finish();
    };
    const total = setTimeout(finish, totalMs);
    const idle = setTimeout(finish, idleMs);
    total.unref();
    idle.unref();
    socket.on('data', discard);
    socket.once('end', finish);
    socket.once('close', finish);
    // our answer goes out first, then FIN; reading continues until the client closes its side or a bound is hit
    socket.end();
    socket.resume();
  };
}

export interface StartOptions {
  app: Hono<AppEnv>;
  port: number;
  hostname?: string;
  limits: HttpLimits;
  onListening?: (info: AddressInfo) => void;
}

/**
 * The API's HTTP server (issue #12 rows 15 and 17): a whole request must arrive within `requestTimeoutMs` and its
 * headers within `headersTimeoutMs` (a slowly trickled body cannot hold a connection for minutes), and connections
 * closed after an early answer linger so the client reads it.
 *
 * @example
 * const server = startHttpServer({ app, port: 3000, limits: { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000 } })
 */
export function startHttpServer({ app, port, hostname, limits, onListening }: StartOptions): ServerType {
  const server = serve(
    {
      fetch: app.fetch,
      port,
      ...(hostname ? { hostname } : {}),
      serverOptions: {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
        // how often Node checks those two; its default (30 s) would double the request timeout
        connectionsCheckingInterval: Math.max(250, Math.min(2_000, Math.floor(limits.headersTimeoutMs / 2))),
      },
    },
    onListening,
  );
  (server as Server).on('connection', (socket: Socket) => lingerOnClose(socket));
  return server;
}
