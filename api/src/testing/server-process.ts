import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../env';
import { freePort } from './free-port';

/**
 * The real server (`node --import tsx api/src/server.ts`, the production start of docs/operations/production.md) in a child process, with its
 * JSON log lines collected. Resolves once it listens.
 *
 * @example
 * const server = await startServer({ MIN_FILL_MS: '0' })
 * server.process.kill('SIGTERM')
 * await server.exited
 */
export async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gota-server-')),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { test: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void }[] = [];
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        line = { msg: text, notJson: true };
      }
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with the first log line (past or future) whose `msg` contains `text`. */
  const logged = (text: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const test = (line: Record<string, unknown>) => String(line.msg).includes(text);
      const seen = lines.find(test);
      if (seen) return resolve(seen);
      waiters.push({ test, resolve });
      void exited.then((code) => reject(new Error(`el servidor terminó (${code}) sin escribir «${text}»\n${stderr}`)));
    });
  await logged('está sirviendo');
  return { process: child, port, lines, logged, exited, stderr: () => stderr };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A whole chunked body at the start of `data`, or null while more bytes are needed. */
function dechunk(data: Buffer): { body: Buffer; consumed: number } | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (data.length < lineEnd + 2 + size + 2) return null;
    if (size === 0) return { body: Buffer.concat(parts), consumed: lineEnd + 4 };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/** One HTTP/1.1 connection written by hand, so a test decides exactly when each byte is sent and on which socket. */
export class RawConnection {
  private readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  private notify: (() => void) | undefined;
  readonly closed: Promise<void>;
  readonly connected: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
    this.socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.notify?.();
    });
    this.socket.on('close', () => this.notify?.());
    this.socket.on('error', () => undefined);
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Reads one answer (Content-Length or chunked body). */
  async response(): Promise<RawResponse> {
    for (;;) {
      const end = this.received.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine = '', ...headerLines] = this.received.subarray(0, end).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of headerLines) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon).trim().toLowerCase();
          const value = line.slice(colon + 1).trim();
          headers[name] = headers[name] === undefined ? value : `${headers[name]}${name === 'set-cookie' ? '\n' : ', '}${value}`;
        }
        const status = Number(statusLine.split(' ')[1]);
        if (headers['transfer-encoding'] === 'chunked') {
          const chunks = dechunk(this.received.subarray(end + 4));
          if (chunks) {
            this.received = this.received.subarray(end + 4 + chunks.consumed);
            return { status, headers, body: chunks.body.toString('utf8') };
          }
        } else {
          const length = Number(headers['content-length'] ?? 0);
          if (this.received.length >= end + 4 + length) {
            const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
            this.received = this.received.subarray(end + 4 + length);
            return { status, headers, body };
          }
        }
      }
      if (this.socket.destroyed || this.socket.readableEnded) throw new Error('la conexión se cerró antes de la respuesta');
      await new Promise<void>((resolve) => (this.notify = resolve));
    }
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    this.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`,
    );
    return this.response();
  }

  end(): void {
    this.socket.end();
  }
}

/** Whether a process of this id still runs (signal 0 only asks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
