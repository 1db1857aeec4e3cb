import type { Hono } from 'hono';
import { ReleaseReportSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { throttle } from '../../security/throttle';
import { jsonBody, validate } from '../../security/validation';
import type { ReleaseWatch } from './release-watch';
import type { AppEnv } from '../../types';

/** Where the shell reports a remote's file that did not load (shell/src/remotes/load-reports.ts). */
const releaseReportsPath = '/api/release-reports';

/**
 * `POST /api/release-reports` (issue #31 item 6, decision 045): anonymous, behind the form envelope like any post of the
 * site (its origin and anti-forgery token: another site cannot make visitors' browsers send reports), throttled per
 * address like the forms, validated. It answers 202 whatever the server concluded; `counted` says whether the report
 * counted towards the automatic rollback of the release (the server could not get that file either).
 *
 * @example
 * registerReleaseReportRoutes(app, services, { watch })
 */
export function registerReleaseReportRoutes(
  app: Hono<AppEnv>,
  { env, database, ip }: AppServices,
  { watch }: { watch: ReleaseWatch },
): void {
  app.post(
    releaseReportsPath,
    throttle({
      database,
      action: 'informe-version',
      limit: env.THROTTLE_IP_LIMIT,
      windowSeconds: env.THROTTLE_WINDOW_SECONDS,
      ip,
    }),
    jsonBody,
    validate('json', ReleaseReportSchema),
    async (c) => {
      const outcome = await watch.browserReport(c.get('releaseSet'), { ...c.req.valid('json'), address: ip(c) });
      c.header('Cache-Control', 'no-store');
      return c.json({ counted: outcome === 'confirmed' }, 202);
    },
  );
}
