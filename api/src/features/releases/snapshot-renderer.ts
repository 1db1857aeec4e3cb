// The renderer of the pre-flight's trial render (decisions 039, 057): a renderer pool of two children with the candidate's
// set live (a render stopped for a loop is tried once more in the other one, as in the serving pool), so the candidate's code runs in a renderer child like every server render (no secret, Node's permission
// model, a time limit per render, a heap limit), never in the trial's own process nor in the serving one
// (architecture §7, trap 2).
import { loadEnv, repoRoot } from '../../env';
import type { Logger } from '../../logging/logger';
import type { Renderer } from '../../render/page-renderer';
import { releaseSnapshot, type ReleaseSnapshot, type SerializedPinned } from '../../render/release-snapshot';
import { rendererPool } from '../../render/renderer-pool';
import { buildRoots } from '../../static/build-roots';

/** What a trial needs to render a set: no secret, no database. */
export interface SnapshotInput {
  releases: SerializedPinned[];
  seq: number;
  allowedOrigins: string[];
  shellDist: string;
}

export interface SnapshotRendererOptions {
  logger: Logger;
  /** Told of every server file the child fetched over the network, with its digest. */
  onFetched?: (url: string, sha256: string) => void;
  /** A render not answered by then is stopped, tried once more, then reported as a `timeout` of the page's module. */
  timeoutMs?: number;
}

/**
 * A renderer with `input`'s set live in its children. Cold code from a CDN: the child's budgets are generous; the trial's
 * parent enforces the whole trial's own.
 *
 * @example
 * const { renderer, snapshot } = await snapshotRenderer(input, { logger })
 * const rendered = await renderer.render(page, snapshot)
 * await renderer.close()
 */
export async function snapshotRenderer(
  input: SnapshotInput,
  { logger, onFetched, timeoutMs = 5000 }: SnapshotRendererOptions,
): Promise<{ renderer: Renderer; snapshot: ReleaseSnapshot }> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SHELL_DIST: input.shellDist,
    REMOTES_ALLOWED_ORIGINS: input.allowedOrigins.join(','),
  });
  const renderer = rendererPool({
    roots: buildRoots({ shellDist: env.shellDist, repoRoot }),
    allowedOrigins: env.remotesAllowedOrigins,
    logger,
    size: 2,
    timeoutMs,
    adoptWaitMs: 20_000,
    childBudgets: { budgetMs: 10_000, adoptBudgetMs: 20_000, retryAfterMs: 0 },
    ...(onFetched ? { onFetched } : {}),
  });
  const snapshot = releaseSnapshot(
    input.seq,
    input.releases.map((release) => ({ ...release })),
  );
  await renderer.adopt(snapshot);
  return { renderer, snapshot };
}
