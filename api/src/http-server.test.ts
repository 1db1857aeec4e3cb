import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerType } from '@hono/node-server';
import { startHttpServer } from './http-server';
import type { Database } from './db/database';
import { testApp } from './testing/test-app';
import { testDatabase } from './testing/test-database';

const run = promisify(execFile);
const servers: ServerType[] = [];
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await database.close();
});

async function listening(limits = { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000 }): Promise<number> {
  const { app } = testApp({ database });
  return new Promise((resolve) => {
    servers.push(
      startHttpServer({ app, port: 0, hostname: '127.0.0.1', limits, onListening: (info: AddressInfo) => resolve(info.port) }),
    );
  });
}

/** Sends `head`, then one byte at a time up to `bytes`; says how many were sent before the server closed (or all). */
function trickle(port: number, head: string, bytes: number, everyMs: number): Promise<{ sent: number; answer: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let sent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      socket.destroy();
      resolve({ sent, answer });
    };
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', done);
    socket.on('error', done);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= bytes) return done();
        socket.write('x');
        sent++;
      }, everyMs);
    });
  });
}

describe('the HTTP server', () => {
  it('closes a request whose body trickles in for longer than the request timeout (#12 row 15)', async () => {
    const port = await listening({ requestTimeoutMs: 1_000, headersTimeoutMs: 1_000 });
    // a valid token and cookie first, so the request reaches the handler that reads the body
    const ticket = await fetch(`http://127.0.0.1:${port}/csrf-token`);
    const cookie = ticket.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const token = ticket.headers.get('X-CSRF-TOKEN') ?? '';
    const head = `POST /contacto-empresa HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nCookie: ${cookie}\r\nX-CSRF-TOKEN: ${token}\r\nContent-Length: 100\r\n\r\n`;
    const { sent, answer } = await trickle(port, head, 40, 200);
    expect(sent).toBeLessThan(40);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers trickle in for longer than the header timeout', async () => {
    const port = await listening({ requestTimeoutMs: 5_000, headersTimeoutMs: 1_000 });
    const { sent } = await trickle(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Lento: ', 40, 200);
    expect(sent).toBeLessThan(40);
  });

  it('lets a client that sends a large body read its 413 (#12 row 17)', async () => {
    const port = await listening();
    // a separate process, as a real client is: in one process the event loop happens to read the answer in time
    const client = `
      for (const megabytes of [3, 3, 10, 30]) {
        const body = Buffer.alloc(megabytes * 1024 * 1024, 120);
        try {
          const res = await fetch('http://127.0.0.1:${port}/contacto-empresa', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
          console.log(res.status, (await res.json()).message);
        } catch (error) {
          console.log('error', error.cause?.message ?? error.message);
        }
      }`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', client]);
    expect(stdout.trim().split('\n')).toEqual(Array(4).fill('413 El contenido enviado es demasiado grande.'));
  });
});
