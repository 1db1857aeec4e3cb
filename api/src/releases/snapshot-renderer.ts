// The renderer of the trial render's child process, with one release set live: the candidate's code is loaded there,
// never in the serving process (architecture §7, trap 2; decision 039).
import { loadEnv, repoRoot } from '../env';
import type { Logger } from '../logging/logger';
import { pageRenderer, type PageRenderer } from '../render/page-renderer';
import { buildRoots } from '../static/build-roots';
import type { SerializedPinned } from './preflight';
import { releaseSnapshot, type ReleaseSnapshot } from './release-set';

/** What a child needs to render a set: no secret, no database. */
export interface SnapshotInput {
  releases: SerializedPinned[];
  seq: number;
  allowedOrigins: string[];
  shellDist: string;
}

/**
 * A renderer with `input`'s set live. Cold code from a CDN: the budgets are generous, the parent enforces its own.
 *
 * @example
 * const { renderer, snapshot } = await snapshotRenderer(input, { logger })
 * const rendered = await renderer.render(page, snapshot)
 */
export async function snapshotRenderer(
  input: SnapshotInput,
  { logger, onFetched }: { logger: Logger; onFetched?: (url: string, body: Buffer) => void },
): Promise<{ renderer: PageRenderer; snapshot: ReleaseSnapshot }> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SHELL_DIST: input.shellDist, REMOTES_ALLOWED_ORIGINS: input.allowedOrigins.join(',') });
  const renderer = pageRenderer({
    roots: buildRoots({ shellDist: env.shellDist, repoRoot }),
    allowedOrigins: env.remotesAllowedOrigins,
    logger,
    budgetMs: 10_000,
    adoptBudgetMs: 20_000,
    retryAfterMs: 0,
    ...(onFetched ? { onFetched } : {}),
  });
  const snapshot = releaseSnapshot(input.seq, input.releases.map((release) => ({ ...release })));
  await renderer.adopt(snapshot);
  return { renderer, snapshot };
}
