import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Finds which of `ports` something already listens on, on the loopback addresses the suite's servers and the browser
 * use (IPv6 too: a program on [::1] would answer the browser's `localhost`). In a child process, because the config
 * that asks is read synchronously.
 */
function takenPorts(ports: readonly number[]): number[] {
  const probe = `
    const net = require('node:net');
    const check = (port, host) => new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', (error) => resolve(error.code === 'EADDRINUSE'));
      server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
    });
    (async () => {
      const taken = [];
      for (const port of JSON.parse(process.argv[1])) {
        if ((await check(port, '127.0.0.1')) || (await check(port, '::1'))) taken.push(port);
      }
      process.stdout.write(JSON.stringify(taken));
    })();`;
  const result = spawnSync(process.execPath, ['-e', probe, JSON.stringify(ports)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`No pude revisar los puertos de las pruebas e2e: ${result.stderr}`);
  return JSON.parse(result.stdout) as number[];
}

/** The program listening on `port`, as `ss` tells it ("node (pid 1234: node server.mjs)"), when it can tell. */
function holderOf(port: number): string | undefined {
  const listing = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const found = /users:\(\("([^"]+)",pid=(\d+)/.exec(listing.stdout ?? '');
  if (!found) return undefined;
  const [, name, pid] = found;
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return `${name} (pid ${pid}: ${command.length > 120 ? `${command.slice(0, 117)}…` : command})`;
  } catch {
    return `${name} (pid ${pid})`;
  }
}

function describeTaken(port: number): string {
  const holder = holderOf(port);
  return holder ? `${port}, que ocupa ${holder}` : `${port} (no sé qué programa lo ocupa: quizá sea de otro usuario)`;
}

/** The offsets tried, in order, when E2E_PORT_OFFSET is not set. */
const candidateOffsets = Array.from({ length: 21 }, (_, index) => index * 1000);

/**
 * The shift of every e2e port, decided once by the runner's process and handed to its workers through
 * `E2E_PORT_OFFSET` (they inherit its environment, and their servers are running by then, so they do not look).
 *
 * - `E2E_PORT_OFFSET` set: those ports exactly; if one is taken the run stops at once and says which, who holds it and
 *   what to do, instead of a bare EADDRINUSE from one server minutes later.
 * - Not set: the first of 0, 1000, 2000, … 20000 whose ports are all free, said on the console when it is not 0.
 *
 * @example
 * const offset = portOffset((offset) => [3300 + offset, 3401 + offset])
 */
export function portOffset(portsAt: (offset: number) => number[]): number {
  const given = process.env.E2E_PORT_OFFSET;
  if (process.env.TEST_WORKER_INDEX !== undefined) return Number(given ?? 0);
  if (given !== undefined) {
    const offset = Number(given);
    if (!Number.isInteger(offset) || offset < 0) stop(`E2E_PORT_OFFSET debe ser un número entero, 0 o mayor (es "${given}").`);
    const taken = takenPorts(portsAt(offset));
    if (taken.length > 0) {
      // said and stopped here, before any server starts: a stack trace would only hide the sentence
      stop(
        `Las pruebas e2e necesitan los puertos ${portsAt(offset).join(', ')} (E2E_PORT_OFFSET=${offset}), y está ocupado el ` +
          `${taken.map(describeTaken).join('; el ')}. Detén ese programa, o usa otro desplazamiento (E2E_PORT_OFFSET=${offset + 1000}), ` +
          'o no definas E2E_PORT_OFFSET y la prueba buscará uno libre.',
      );
    }
    return offset;
  }
  for (const offset of candidateOffsets) {
    const taken = takenPorts(portsAt(offset));
    if (taken.length > 0) continue;
    if (offset !== 0) {
      console.log(
        `Puertos de e2e ocupados (${takenPorts(portsAt(0)).map(describeTaken).join('; ')}): uso E2E_PORT_OFFSET=${offset}.`,
      );
    }
    process.env.E2E_PORT_OFFSET = String(offset);
    return offset;
  }
  return stop('No encontré puertos libres para las pruebas e2e con E2E_PORT_OFFSET de 0 a 20000: define uno que lo esté.');
}

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}
