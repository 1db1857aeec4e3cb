// A renderer child (decision 057), a program of its own: it runs the page renderer, the federation host with the
// release sets' server code, for the serving process, which never loads a remote's code. It is bundled to plain
// JavaScript and started by render-child.ts with an environment that holds no secret and, where Node allows it, under
// its permission model (files readable: node_modules and the builds only; no child process, no worker).
// Messages on its IPC channel (render-protocol.ts): `{ init }` first, then `{ adopt }` (a set to make live, in order)
// and `{ id, render, set }` (a page to render with the set of that id); it answers `{ adopted }` once a set is live,
// and `{ id, rendered }`. Its log lines go to stderr; what its code prints on stdout is dropped. It ends when the
// channel closes, so it never outlives the serving process.
import type { PageObject } from '@gota/shared/contracts';
import { pino } from 'pino';
import { releaseSnapshot, type ReleaseSnapshot } from './release-snapshot';
import { sha256 } from '../security/tokens';
import { clientOnly, pageRenderer, type PageRenderer } from './page-renderer';
import type { ChildAnswer, ChildInit, ChildRequest, SetInput } from './render-protocol';

const send = (message: ChildAnswer) => process.send!(message);

/** How many sets a child keeps by id: the current one and those a request in flight may still name. */
const keptSets = 4;

function start(init: ChildInit): (request: Exclude<ChildRequest, { init: ChildInit }>) => void {
  const logger = pino(
    { level: init.level, base: { service: 'gota-api', instance: init.instance, renderer: process.pid } },
    pino.destination({ dest: 2, sync: true }),
  );
  const renderer: PageRenderer = pageRenderer({
    roots: init.roots,
    allowedOrigins: init.allowedOrigins,
    logger,
    report: false,
    ...(init.budgetMs ? { budgetMs: init.budgetMs } : {}),
    ...(init.adoptBudgetMs ? { adoptBudgetMs: init.adoptBudgetMs } : {}),
    ...(init.retryAfterMs !== undefined ? { retryAfterMs: init.retryAfterMs } : {}),
    ...(init.reportFetched ? { onFetched: (url: string, body: Buffer) => send({ fetched: { url, sha256: sha256(body) } }) } : {}),
  });
  // each set is made live after the one before it; a request for a set waits until it is live
  const sets = new Map<string, Promise<ReleaseSnapshot>>();
  let adopting: Promise<unknown> = Promise.resolve();

  function adopt(input: SetInput): void {
    const snapshot = releaseSnapshot(
      input.seq,
      input.releases.map((release) => ({ ...release })),
    );
    const live = adopting.then(() => renderer.adopt(snapshot)).then(() => snapshot);
    adopting = live.catch(() => undefined);
    sets.delete(input.id);
    sets.set(input.id, live);
    while (sets.size > keptSets) sets.delete(sets.keys().next().value!);
    void live.then(
      () => send({ adopted: input.id }),
      (error: unknown) =>
        logger.error(
          { set: input.id, err: (error as Error).message },
          'el renderizador no pudo activar el conjunto de versiones',
        ),
    );
  }

  async function render(id: number, page: PageObject, set: string): Promise<void> {
    const snapshot = await sets.get(set)?.catch(() => undefined);
    // a set this child never made live (a request that began before a switch): the browser renders it, no fault
    send({ id, rendered: snapshot ? await renderer.render(page, snapshot) : clientOnly([]) });
  }

  return (request) => {
    if ('adopt' in request) adopt(request.adopt);
    else void render(request.id, request.render, request.set);
  };
}

function main(): void {
  if (!process.send) throw new Error('el renderizador se inicia con un canal IPC (render-child.ts)');
  let handle: ReturnType<typeof start> | undefined;
  process.on('message', (message: ChildRequest) => {
    if ('init' in message) handle = start(message.init);
    else handle?.(message);
  });
  process.on('disconnect', () => process.exit(0));
}

main();
