import type { Context, Hono, MiddlewareHandler } from 'hono';
import { createFactory } from 'hono/factory';
import type { ReleaseEntry, Seo, VersionesPageProps } from '@gota/shared/contracts';
import { PanelReleaseSchema, PanelRemoteParamsSchema } from '@gota/shared/schemas';
import { remoteFolder, remoteNames, route, routerPath } from '@gota/shared/routes';
import type { PreflightReport } from './preflight';
import { changeEntry, type ReleaseOperations } from './release-operations';
import type { ReleasePreview } from './release-preview';
import { localRelease, remoteOfFolder } from './release-set';
import { findRelease, type LogRow, type ReleaseRow } from './release-store';
import { releaseRefusal } from './releases.routes';
import type { AppServices } from '../../app-services';
import { jsonBody, validate } from '../../security/validation';
import { requireRole } from '../accounts';
import type { AppEnv } from '../../types';

export interface VersionesDeps {
  services: AppServices;
  operations: ReleaseOperations;
  previews: ReleasePreview;
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
  notFoundPage: (c: Context<AppEnv>) => Response | Promise<Response>;
}

const versionesMessages = {
  title: 'Versiones | Panel | Gota a Gota',
  description: 'Las versiones de cada parte del sitio: activar, revertir y ver antes que el público.',
  notFound: 'Ese remoto no existe.',
  noRelease: 'Esa versión no existe en este remoto.',
  notPreviewable: 'Solo se puede ver en vista previa una versión candidata o retirada.',
} as const;

const factory = createFactory<AppEnv>();

/** The staff member who acts, as the release log keeps them: name and email. */
function actorOf(c: Context<AppEnv>): string {
  const session = c.get('session');
  if (!session) throw new Error('staffOnly debe ir antes de las acciones del panel');
  return `${session.name} <${session.email}>`;
}

function entryOf(row: ReleaseRow): ReleaseEntry {
  const report = row.report as PreflightReport | null;
  return {
    id: row.id,
    state: row.state,
    manifestUrl: row.manifestUrl,
    by: row.createdBy,
    at: row.createdAt.toISOString(),
    note: row.note,
    reasons: row.reasons,
    checks: (report?.checks ?? []).map((check) => ({ name: check.check, ok: check.ok, detail: check.detail })),
    pages: (report?.routes ?? []).map((page) => ({ name: `${page.url} (${page.component})`, ok: page.ok, detail: page.detail })),
    ms: report?.ms ?? null,
  };
}

/**
 * The panel's «Versiones» (issue #31 item 3, decision 044): for accounts holding «operador», each remote's releases
 * with their state, who, when, note and pre-flight report; «Activar» and «Revertir» are the release command's own
 * operations with the staff member as who acted; «Vista previa» puts this browser on a release (`release-preview.ts`).
 * Registered after the staff guard of /panel; `POST /vista-previa/salir` is anyone's (it only removes a cookie).
 */
export function registerVersionesRoutes(
  app: Hono<AppEnv>,
  { services, operations, previews, seo, notFoundPage }: VersionesDeps,
): void {
  const operatorsOnly = requireRole('operador');
  const remoteNotFound = (c: Context<AppEnv>) =>
    c.req.method === 'GET' ? notFoundPage(c) : c.json({ message: versionesMessages.notFound }, 404);
  const knownRemote: MiddlewareHandler<AppEnv> = async (c, next) =>
    remoteOfFolder(c.req.param('remote') ?? '') ? next() : remoteNotFound(c);
  // «Activar» and «Vista previa»: a known remote in the address, the release it names in the JSON body
  const releaseRequest = [
    validate('param', PanelRemoteParamsSchema, remoteNotFound),
    knownRemote,
    jsonBody,
    validate('json', PanelReleaseSchema),
  ] as const;
  app.use(routerPath('panelVersiones'), operatorsOnly);
  app.use(`${routerPath('panelVersiones')}/*`, operatorsOnly);

  async function pageProps(c: Context<AppEnv>, remote: string | null): Promise<VersionesPageProps> {
    const all = await operations.list();
    const preview = c.get('preview') ?? null;
    const remotes = remoteNames.map(remoteFolder).map((folder) => ({
      remote: folder,
      active: all.active[folder] ?? localRelease,
      candidates: all.releases.filter((row) => row.remote === folder && row.state === 'candidata').length,
    }));
    if (remote === null) return { remotes, selected: null, preview };
    const log = all.log.filter((row) => row.remote === remote);
    const last: LogRow | undefined = log[0];
    return {
      remotes,
      preview,
      selected: {
        remote,
        active: all.active[remote] ?? localRelease,
        releases: all.releases.filter((row) => row.remote === remote).map(entryOf),
        log: log.map(changeEntry),
        rollbackTo: last ? (last.fromRelease ?? localRelease) : null,
      },
    };
  }

  app.get(routerPath('panelVersiones'), async (c) =>
    c.var.page('Panel/Versiones', {
      ...(await pageProps(c, null)),
      seo: seo(c, versionesMessages.title, versionesMessages.description),
    }),
  );

  app.get(
    routerPath('panelVersionesRemoto'),
    ...factory.createHandlers(validate('param', PanelRemoteParamsSchema, notFoundPage), knownRemote, async (c) => {
      const { remote } = c.req.valid('param');
      return c.var.page('Panel/Versiones', {
        ...(await pageProps(c, remote)),
        seo: seo(c, `${remote} | ${versionesMessages.title}`, versionesMessages.description),
      });
    }),
  );

  app.post(
    routerPath('panelVersionesActivar'),
    ...factory.createHandlers(...releaseRequest, async (c) => {
      const { remote } = c.req.valid('param');
      try {
        const line = await operations.activate({ remote, release: c.req.valid('json').release, by: actorOf(c) });
        return c.json({ message: `${remote} sirve ahora la versión ${line.toRelease ?? localRelease}.` });
      } catch (error) {
        return releaseRefusal(c, error);
      }
    }),
  );

  app.post(
    routerPath('panelVersionesRevertir'),
    ...factory.createHandlers(validate('param', PanelRemoteParamsSchema, remoteNotFound), knownRemote, async (c) => {
      const { remote } = c.req.valid('param');
      try {
        const line = await operations.rollback({ remote, by: actorOf(c) });
        return c.json({ message: `${remote} volvió a la versión ${line.toRelease ?? localRelease}.` });
      } catch (error) {
        return releaseRefusal(c, error);
      }
    }),
  );

  app.post(
    routerPath('panelVersionesVistaPrevia'),
    ...factory.createHandlers(...releaseRequest, async (c) => {
      const { remote } = c.req.valid('param');
      const row = await findRelease(services.database.use(), c.req.valid('json').release);
      if (!row || row.remote !== remote) return c.json({ message: versionesMessages.noRelease }, 404);
      if (row.state !== 'candidata' && row.state !== 'retirada')
        return c.json({ message: versionesMessages.notPreviewable }, 409);
      previews.start(c, { remote, id: row.id });
      c.get('log').info(
        { event: 'release_preview', remote, release: row.id, userId: c.get('session')?.userId },
        'vista previa de una versión',
      );
      // a full load: the document must carry the previewed registry
      return c.json({ message: `Vista previa de ${remote} ${row.id}.`, location: previews.landing(remote) });
    }),
  );

  // the banner's plain form: back to the page it was sent from (same origin only), with the public set
  app.post(routerPath('vistaPreviaSalir'), (c) => {
    previews.stop(c);
    const referer = c.req.header('Referer');
    let back = route('index');
    try {
      const url = referer ? new URL(referer) : undefined;
      if (url && (url.origin === new URL(services.env.appUrl).origin || url.origin === new URL(c.req.url).origin))
        back = `${url.pathname}${url.search}`;
    } catch {
      // not an address: the home page
    }
    c.header('Cache-Control', 'no-store');
    return c.redirect(back, 303);
  });
}
