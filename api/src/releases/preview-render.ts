// The preview renderer's child process (decision 047), a program of its own: it makes one previewed release set live
// (the candidate for its remote, the live releases for the others) and renders pages with it for the serving process,
// which only assembles the document. The candidate's code never runs where the public is served (architecture §7,
// trap 2). JSON lines: the first line on stdin is a SnapshotInput; then `{ id, page }` per request. On stdout, after
// `resultMark`: `{ ready: true }` once the set is live, then `{ id, rendered }` per request. It ends with its stdin,
// so it never outlives the process that started it.
import { createInterface } from 'node:readline';
import type { PageObject } from '@gota/shared/contracts';
import { createLogger } from '../logging/logger';
import type { PageRenderer } from '../render/page-renderer';
import type { ReleaseSnapshot } from './release-set';
import { snapshotRenderer, type SnapshotInput } from './snapshot-renderer';
import { resultMark } from './trial-runner';

const send = (message: unknown) => process.stdout.write(`\n${resultMark}${JSON.stringify(message)}\n`);

async function main(): Promise<void> {
  const logger = createLogger({ level: 'silent' });
  let live: Promise<{ renderer: PageRenderer; snapshot: ReleaseSnapshot }> | undefined;
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    if (!live) {
      live = snapshotRenderer(JSON.parse(line) as SnapshotInput, { logger });
      live.then(() => send({ ready: true }), (error: unknown) => {
        process.stderr.write(`${(error as Error).message}\n`);
        process.exit(1);
      });
      return;
    }
    const { id, page } = JSON.parse(line) as { id: number; page: PageObject };
    void live.then(async ({ renderer, snapshot }) => send({ id, rendered: await renderer.render(page, snapshot) }));
  });
  lines.on('close', () => process.exit(0));
}

void main();
