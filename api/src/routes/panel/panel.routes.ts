import path from 'node:path';
import type { Context, Hono } from 'hono';
import { genericErrorMessage, leadPath, type Seo } from '@gota/shared/contracts';
import { route, routerPath } from '@gota/shared/routes';
import { LeadPageQuerySchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { repoRoot } from '../../env';
import { nativeForm, seeOther, withoutEmptyParameters, type NativeAnswerProps } from '../../pages/native-forms';
import type { AppEnv, PageStatus } from '../../types';
import { errorPages, seoFor } from '../pages/pages.routes';
import { exportCsv, inboxMessages, inboxPage } from './inbox.handlers';
import { changeLeadStatus, deleteLead, leadPage, type LeadHandlerDeps } from './lead.handlers';
import { requireRole } from '../../team/roles';
import { registerEquipoRoutes } from './equipo.handlers';
import { registerSeguridadRoutes } from './seguridad.handlers';
import { staffOnly } from './staff-guard';
import { registerGuiaRoutes } from './guia.handlers';
import { registerHistoriasRoutes, type HistoriasDeps } from './historias.handlers';
import { registerContentSetsRoutes } from './content-sets.handlers';
import { registerContentPreviewRoutes } from './content-preview.handlers';
import { registerDescargasRoutes } from './descargas.handlers';
import { registerVersionesRoutes, type VersionesDeps } from './versiones.handlers';

export interface PanelOptions {
  appUrl: string;
  /** The release operations and previews behind «Versiones» (decision 044). */
  releases: Pick<VersionesDeps, 'operations' | 'previews'>;
  /** Who edits the stories, and what is told of a change visitors can see (decision 049). */
  stories: Pick<HistoriasDeps, 'canEdit' | 'publicChange' | 'published'>;
}

/**
 * The campaign team's panel (issue #13): every route under /panel, behind `staffOnly` and each part's role. Its pages are never indexed and
 * never cached (`Cache-Control: no-store`; the HTML cache skips signed-in visitors).
 *
 * @example
 * registerPanelRoutes(app, services, { appUrl: env.appUrl, releases })
 */
export function registerPanelRoutes(app: Hono<AppEnv>, services: AppServices, { appUrl, releases, stories }: PanelOptions): void {
  const seo = (c: Context<AppEnv>, title: string, description: string): Seo => ({
    ...seoFor(c, appUrl, 'notFound', { title, description, keywords: '' }),
    robots: 'noindex, nofollow',
  });
  const guard = staffOnly({ seo });
  app.use('/panel', guard);
  app.use('/panel/*', guard);
  // the inbox, its leads and its export: the role «bandeja» (decision 051)
  const inbox = requireRole('bandeja');
  app.use(routerPath('panel'), inbox);
  app.use(routerPath('panelExportar'), inbox);
  app.use('/panel/mensajes/*', inbox);

  app.get(
    routerPath('panel'),
    withoutEmptyParameters,
    ...inboxPage(services.database, (c) => seo(c, inboxMessages.title, inboxMessages.description)),
  );
  app.get(routerPath('panelExportar'), ...exportCsv(services.database));

  const notFoundPage = (c: Context<AppEnv>) => c.var.page('NotFound', { seo: seoFor(c, appUrl, 'notFound') }, { status: 404 });
  const leads: LeadHandlerDeps = { services, seo, notFoundPage };
  app.get(routerPath('panelMensaje'), ...leadPage(leads));
  app.delete(routerPath('panelMensaje'), ...deleteLead(leads));

  // A lead's actions without JavaScript (decision 043): each is a form that posts to its own address and is led back
  // (303) to what the script shows after it: the lead's page (its status and history are the answer) or, once it is
  // deleted, the inbox view it was opened from (`?volver=`, a /panel address only). A refusal is the error page with
  // the server's message; the lead's page cannot stand in, as it needs the database that may be what failed.
  const errorPage = errorPages({ appUrl });
  const back = (c: Context<AppEnv>) => LeadPageQuerySchema.safeParse(c.req.query()).data?.volver ?? route('panel');
  const refused = (c: Context<AppEnv>, props: NativeAnswerProps, status: PageStatus) =>
    errorPage(c, Object.values(props.errors ?? {})[0] ?? genericErrorMessage, status);
  const line = (_status: number, message: string | undefined) => message ?? genericErrorMessage;
  app.post(
    routerPath('panelMensajeEstado'),
    nativeForm({ page: refused, line, success: (c) => seeOther(c, leadPath(c.req.param('id') ?? '', back(c))) }),
    ...changeLeadStatus(leads),
  );
  app.post(
    routerPath('panelMensajeEliminar'),
    nativeForm({
      // already gone (another tab, another team member): the way back is the same, as with the script
      page: (c, props, status) => (status === 404 ? seeOther(c, back(c)) : refused(c, props, status)),
      line,
      success: (c) => seeOther(c, back(c)),
    }),
    ...deleteLead(leads),
  );
  registerVersionesRoutes(app, { services, seo, notFoundPage, ...releases });
  registerHistoriasRoutes(app, { services, seo, notFoundPage, ...stories });
  registerContentSetsRoutes(app, { services, seo, notFoundPage, publicChange: stories.publicChange });
  registerContentPreviewRoutes(app, { services, notFoundPage });
  registerDescargasRoutes(app, { services, seo, publicChange: stories.publicChange });
  registerGuiaRoutes(app, { seo, notFoundPage, dir: path.join(repoRoot, 'docs/equipo') });
  registerEquipoRoutes(app, { services, seo });
  registerSeguridadRoutes(app, { services, seo });
}
