import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PageObject } from '@gota/shared/contracts';
import { build } from 'esbuild';
import { repoRoot } from '../env';
import type { ReleaseSnapshot } from './release-snapshot';
import type { RenderedPage } from './page-renderer';
import type { ChildAnswer, ChildInit, ChildRequest, SetInput } from './render-protocol';

/**
 * The only variables a process that runs a release's code receives (decisions 039, 047, 057): never a copy of the
 * serving process's environment, so no secret and no database address can reach it. `NODE_ENV` picks React's
 * production build; `PATH` and `HOME` let a tsx child find its tools.
 */
const passedVariables = ['PATH', 'HOME', 'NODE_ENV', 'TZ', 'LANG'] as const;

function childEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NODE_OPTIONS: '--no-deprecation' };
  for (const name of passedVariables) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/**
 * Starts a program that runs a release's code with `childEnvironment()`: the trial render (a whole app with a database
 * of its own: compiled in production, through `--import tsx` in development, decision 064; it renders through
 * renderer children of its own).
 */
export function spawnRenderChild(
  program: string,
  cwd: string,
  nodeArgs: readonly string[] = ['--import', 'tsx'],
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...nodeArgs, program], { cwd, env: childEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
}

/**
 * Starts a renderer child: `childEnvironment()`, its messages on an IPC channel with V8's serialization (the HTML is
 * copied, not escaped into JSON and parsed back), its stderr for log lines; what its code prints on stdout is dropped.
 */
function spawnRenderer(program: string, nodeArgs: readonly string[]): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, program], {
    cwd: repoRoot,
    env: childEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
}

const nodeModules = path.join(repoRoot, 'node_modules');
let bundled: Promise<string> | undefined;

/**
 * The renderer child as one JavaScript file: Node's permission model forbids the worker thread tsx's loader needs, so
 * the child runs no TypeScript. The project's own sources (`@gota/shared` included) are bundled; packages stay in
 * node_modules, reached through a `node_modules` link beside the file. Built once per process (about a tenth of a
 * second) into a temporary folder, removed when the process exits: the checkout may be read-only (the systemd unit's
 * `ProtectSystem=strict`).
 */
function rendererProgram(): Promise<string> {
  bundled ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gota-renderer-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    symlinkSync(nodeModules, path.join(dir, 'node_modules'), 'dir');
    const target = path.join(dir, 'renderer-child.mjs');
    await build({
      entryPoints: [path.join(repoRoot, 'api/src/render/renderer-child.ts')],
      outfile: target,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      // the CommonJS packages a bundle requires (pino's, prom-client's) need a real require
      banner: {
        js: "import { createRequire as __gotaRequire } from 'node:module'; const require = __gotaRequire(import.meta.url);",
      },
      plugins: [
        {
          name: 'packages-stay-in-node-modules',
          setup(builder) {
            builder.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@gota/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    return target;
  })();
  bundled.catch(() => (bundled = undefined));
  return bundled;
}

/**
 * Node's permission model for a renderer child (Node 20: `--experimental-permission`): it may read node_modules and
 * the build folders only (not api/.env, not DATA_DIR, not the sources), write nothing, start no process and no worker.
 * The network is not restricted by it in Node 20 (decision 057). `--max-old-space-size` is its memory limit.
 */
function rendererFlags(readable: readonly string[], memoryMb: number): string[] {
  const folders = [nodeModules, ...readable];
  return [
    '--experimental-permission',
    ...[...new Set(folders)].map((folder) => `--allow-fs-read=${folder}`),
    `--max-old-space-size=${memoryMb}`,
    // V8 sizes the young generation from the heap limit: 256 MB would give a semi-space of a few MB, scavenged several
    // times per page rendered; 16 MB is what the serving process has (decision 057, 2026-11-28)
    '--max-semi-space-size=16',
    // and its old generation from the heap limit too: at 256 MB V8 grows it by 1.3× its live size only, so a child ran a
    // mark-compact every hundred renders or so, its pauses landing on renders (the p99); twice its live size halves
    // them, the limit above still holds (decision 057, 2026-11-29)
    '--heap-growing-percent=100',
    '--disable-warning=ExperimentalWarning',
  ];
}

/** How a renderer child ended: its exit code or signal, and whether V8 stopped it at its heap limit. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** It ran out of memory (V8's heap limit, `--max-old-space-size`). */
  outOfMemory: boolean;
  /** The last line it wrote on stderr that was not a log line. */
  detail: string;
}

class ChildGone extends Error {
  override name = 'ChildGone';
}

export interface RenderChildOptions {
  init: ChildInit;
  memoryMb: number;
  /** Its log lines (JSON), to be written where the serving process writes its own. */
  onLog?: (line: string) => void;
  /** The program to run (tests give others); default the bundled renderer child. */
  program?: string;
  /** Told of every server file the child fetched over the network, with its digest (`init.reportFetched`). */
  onFetched?: (url: string, sha256: string) => void;
}

/** The set a child is told to make live: its releases, which rebuild the same snapshot (and id) there. */
const setInput = (snapshot: ReleaseSnapshot): SetInput => ({
  id: snapshot.id,
  releases: [...snapshot.releases.values()],
  seq: snapshot.seq,
});

/**
 * One renderer child process and its conversation (the pool's and the preview's; decisions 047, 057). `render`
 * rejects with `ChildGone` if the child exits first; the caller applies its own time limit and kills it past it.
 *
 * @example
 * const child = await startRenderChild({ init, memoryMb: 256 })
 * await child.adopt(snapshot)
 * const rendered = await child.render(page, snapshot)
 */
export async function startRenderChild({ init, memoryMb, onLog, program, onFetched }: RenderChildOptions) {
  const file = program ?? (await rendererProgram());
  const readable = [...init.roots.map((root) => root.dir), path.dirname(file)];
  const proc = spawnRenderer(file, rendererFlags(readable, memoryMb));
  const renders = new Map<number, { resolve: (rendered: RenderedPage) => void; reject: (error: Error) => void; at: number }>();
  const adoptions = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const adopted = new Set<string>();
  let next = 0;
  let detail = '';
  let outOfMemory = false;

  const exited = new Promise<ChildExit>((resolve) => {
    proc.once('exit', (code, signal) => {
      const gone = new ChildGone(`el renderizador terminó (${signal ?? code})${detail ? `: ${detail}` : ''}`);
      for (const { reject } of renders.values()) reject(gone);
      renders.clear();
      resolve({ code, signal, outOfMemory, detail });
    });
  });
  proc.on('error', () => undefined);
  createInterface({ input: proc.stderr! }).on('line', (line) => {
    if (line.startsWith('{')) return onLog?.(line);
    if (/heap out of memory|Reached heap limit/i.test(line)) outOfMemory = true;
    if (line.trim()) detail = line.trim().slice(0, 300);
  });
  proc.on('message', (answer: ChildAnswer) => {
    if ('adopted' in answer) {
      adopted.add(answer.adopted);
      adoptions.get(answer.adopted)?.resolve();
    } else if ('fetched' in answer) onFetched?.(answer.fetched.url, answer.fetched.sha256);
    else {
      renders.get(answer.id)?.resolve(answer.rendered);
      renders.delete(answer.id);
    }
  });
  // a message to a child that has just exited is dropped: its renders are rejected by `exited`
  const write = (message: ChildRequest) => void (proc.connected && proc.send(message, (error) => error && undefined));
  write({ init });

  return {
    pid: proc.pid,
    exited,
    /** Renders sent and not answered yet. */
    inFlight: () => renders.size,
    /** When the oldest render not answered yet was sent (a child stuck in a loop has an old one), or undefined. */
    oldestPending: (): number | undefined => renders.values().next().value?.at,
    /** Whether `snapshot`'s code is live in the child. */
    hasAdopted: (snapshot: ReleaseSnapshot) => adopted.has(snapshot.id),
    /** Makes `snapshot`'s code live in the child (after any set sent before); resolves once it is. */
    adopt(snapshot: ReleaseSnapshot): Promise<void> {
      let adoption = adoptions.get(snapshot.id);
      if (!adoption) {
        let resolve!: () => void;
        const promise = new Promise<void>((done) => (resolve = done));
        adoption = { promise, resolve };
        adoptions.set(snapshot.id, adoption);
        write({ adopt: setInput(snapshot) });
      }
      return Promise.race([
        adoption.promise,
        exited.then(() => Promise.reject(new ChildGone('el renderizador terminó antes de activar el conjunto'))),
      ]);
    },
    render(page: PageObject, snapshot: ReleaseSnapshot): Promise<RenderedPage> {
      const id = next++;
      return new Promise<RenderedPage>((resolve, reject) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return reject(new ChildGone('el renderizador ya terminó'));
        renders.set(id, { resolve, reject, at: Date.now() });
        write({ id, render: page, set: snapshot.id });
      });
    },
    /** Ends the child (SIGKILL for one that may be stuck in a loop); resolves once it has exited. */
    stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<ChildExit> {
      if (proc.exitCode === null && proc.signalCode === null) {
        if (proc.connected) proc.disconnect();
        proc.kill(signal);
      }
      return exited;
    },
  };
}

export type RenderChild = Awaited<ReturnType<typeof startRenderChild>>;
