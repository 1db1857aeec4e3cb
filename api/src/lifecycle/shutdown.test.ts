import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RawConnection, startServer } from '../testing/server-process';

// Issue #15 row 2, on the real server process (PGlite): what a balancer sees while an instance drains after SIGTERM.

const company = JSON.stringify({ empresa: 'Aguas del Valle', name: 'Sofía', email: 'drenado@ejemplo.mx', mensaje: 'Hola' });

/** Starts a company message on `connection` and sends all of its body except the last byte: a request in flight. */
async function postHalfway(port: number, connection: RawConnection) {
  // what the contact dialog does as it opens: a signed token, and the double-submit cookie it is bound to
  const ticket = await connection.get('/csrf-token');
  const cookie = (ticket.headers['set-cookie'] ?? '').split(';')[0]!;
  const token = ticket.headers['x-csrf-token']!;
  expect(cookie).toMatch(/^xsrf=/);
  connection.write(
    `POST /contacto-empresa HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
      `X-CSRF-TOKEN: ${token}\r\nX-Requested-With: XMLHttpRequest\r\nAccept: application/json\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(company)}\r\n\r\n${company.slice(0, -1)}`,
  );
  return () => connection.write(company.slice(-1));
}

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

// each test starts a real server: compiling and opening PGlite takes seconds, much more on a busy machine
const slow = { timeout: 180_000 };
const started: Awaited<ReturnType<typeof startServer>>[] = [];
const start = async (env: Record<string, string>) => {
  const server = await startServer(env);
  started.push(server);
  return server;
};
afterEach(() => {
  for (const server of started.splice(0)) if (server.process.exitCode === null) server.process.kill('SIGKILL');
});

describe('SIGTERM drains the instance (issue #15 row 2)', slow, () => {
  it('readyz 503 at once, Connection: close on keep-alive answers, new connections refused, in-flight finish, exit 0', async () => {
    const server = await start({ MIN_FILL_MS: '0', CONTACT_COOLDOWN_SECONDS: '0' });
    const inFlight = new RawConnection(server.port);
    const idle = new RawConnection(server.port);
    await Promise.all([inFlight.connected, idle.connected]);
    await server.logged('base de datos lista');
    expect((await idle.get('/readyz')).status).toBe(200);
    const finishBody = await postHalfway(server.port, inFlight);

    server.process.kill('SIGTERM');
    const drain = await server.logged('drenado iniciado');
    expect(drain).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });

    // a keep-alive connection that was idle is not cut: its next request is answered, and it closes after it
    const ready = await idle.get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'draining' });
    expect(ready.headers.connection).toBe('close');
    await idle.closed;
    // new connections are refused: a balancer retries them elsewhere, nothing was sent
    expect(await refused(server.port)).toBe('ECONNREFUSED');

    // the request in flight finishes normally
    finishBody();
    const answer = await inFlight.response();
    expect(answer.status).toBe(201);
    expect(answer.headers.connection).toBe('close');

    expect(await server.exited).toBe(0);
    expect(server.lines.some((line) => line.msg === 'drenado terminado')).toBe(true);
    expect(server.lines.every((line) => !line.notJson)).toBe(true);
  });

  it('after SHUTDOWN_TIMEOUT_MS cuts what is left, logs it and exits 1', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '300' });
    const stuck = new RawConnection(server.port);
    await stuck.connected;
    await postHalfway(server.port, stuck);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.lines.find((line) => String(line.msg).startsWith('drenado incompleto'))).toMatchObject({
      inFlight: 1,
      timeoutMs: 300,
    });
  });
});
