import './zod-setup';
import { z } from 'zod';
import { querySchema, queryText } from './query';

// The bodies and query of the release endpoints (`/api/releases…`, decision 039), which `npm run release` sends. What
// each value must name (a remote of the route table, a release of that remote, a manifest that answers) is the
// operations' to judge, with their own Spanish messages; these only bound the shapes.
const text = (max: number) => z.string().trim().min(1).max(max);

/** POST /api/releases: register a release of a remote from its manifest's address. */
export const ReleaseAddSchema = z.object({
  remote: text(40),
  manifestUrl: text(2000),
  note: text(500).optional(),
  by: text(120),
});

/** POST /api/releases/activate: make a registered release the remote's active one. */
export const ReleaseActivateSchema = z.object({ remote: text(40), release: text(16), note: text(500).optional(), by: text(120) });

/** POST /api/releases/rollback: back to the remote's release before. */
export const ReleaseRollbackSchema = z.object({ remote: text(40), note: text(500).optional(), by: text(120) });

/** GET /api/releases?remote=…: every remote's releases, or one remote's ('' for all). */
export const ReleaseListQuerySchema = querySchema(z.object({ remote: queryText() }));

/**
 * POST /api/release-reports: a browser could not load a remote's entry or one of its chunks (decision 045). `manifest`
 * is the registry's address for the remote (it names the release the page was on); `file`, the address that failed,
 * when the browser could tell.
 */
export const ReleaseReportSchema = z.object({
  remote: z.string().regex(/^mf_[a-z]{1,30}$/),
  manifest: text(2000),
  file: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});

/** POST /panel/versiones/{remote}/activar and …/vista-previa: the release, by its id (the staff member is who acts). */
export const PanelReleaseSchema = z.object({ release: text(16) });

/** The remote of a /panel/versiones/{remote} address: a folder name; whether it is a remote is the handler's to say. */
export const PanelRemoteParamsSchema = z.object({ remote: z.string().regex(/^[a-z][a-z-]{1,39}$/) });
