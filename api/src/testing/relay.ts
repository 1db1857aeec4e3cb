import net, { type AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../db/database';

/**
 * A TCP relay in front of PostgreSQL that a test can cut and restore (a restart), make hang: connections still
 * accepted, nothing answered (a server stuck on a full disk or a lock), or make drop one connection at a chosen
 * statement (`dropAt`).
 */
export class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private hanging = false;
  private trap: { statement: string; when: 'before' | 'after'; sprung: () => void } | undefined;
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      this.track(client);
      if (this.hanging) return; // accepted, never answered
      const upstream = net.connect(this.target.port, this.target.host);
      this.track(upstream);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      client.on('close', () => this.pairs.delete(pair));
      let dropAnswer = false;
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('data', (chunk: Buffer) => {
        const trap = this.trap;
        // the query's text travels as it is, after a message type and a length
        if (trap && chunk.includes(trap.statement, 0, 'latin1')) {
          this.trap = undefined;
          trap.sprung();
          if (trap.when === 'before') return drop();
          dropAnswer = true;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => (dropAnswer ? drop() : client.write(chunk)));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Stops passing bytes either way and answers no new connection; sockets stay open. */
  hang(): void {
    this.hanging = true;
    for (const [client, upstream] of this.pairs) {
      client.pause();
      upstream.pause();
    }
  }

  /**
   * The next time a client sends a query containing `statement` (e.g. `commit`), its connection is cut: before
   * the query reaches the server, or after the server ran it and before its answer reaches the client (the answer is
   * lost). Resolves when that happened.
   */
  dropAt(statement: string, when: 'before' | 'after'): Promise<void> {
    return new Promise((sprung) => (this.trap = { statement, when, sprung }));
  }

  /** Ends a hang the way a restarted server does: every connection is dropped, new ones work. */
  recover(): void {
    this.hanging = false;
    for (const socket of this.sockets) socket.destroy();
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

export interface PostgresBehindRelay {
  relay: Relay;
  database: Database;
  /** Closes the pool, then cuts the relay. */
  close(): Promise<void>;
}

/**
 * A relay opened in front of the PostgreSQL of TEST_DATABASE_URL, and a pool of `poolMax` connections that reaches it
 * only through the relay: what the relay does to its sockets, the pool sees. Not migrated yet.
 *
 * @example
 * const behind = await postgresBehindRelay(2)
 * try { await behind.database.migrate(); await behind.relay.cut() } finally { await behind.close() }
 */
export async function postgresBehindRelay(poolMax: number): Promise<PostgresBehindRelay> {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
  await relay.open();
  const viaRelay = new URL(target);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  const database = await openDatabase({ url: viaRelay.href, poolMax });
  return {
    relay,
    database,
    async close() {
      await database.close();
      await relay.cut();
    },
  };
}
