import type { Context, Hono } from 'hono';
import type { Seo } from '@gota/shared/contracts';
import { routerPath } from '@gota/shared/routes';
import type { Content } from '../../content/load-content';
import type { AppServices } from '../../app-services';
import { seoFor } from '../pages/pages.routes';
import { exportCsv, inboxMessages, inboxPage } from './inbox.handlers';
import { changeLeadStatus, deleteLead, leadPage, type LeadHandlerDeps } from './lead.handlers';
import { staffOnly } from './staff-guard';
import { registerVersionesRoutes, type VersionesDeps } from './versiones.handlers';

export interface PanelOptions {
  content: Content;
  appUrl: string;
  /** The release operations and previews behind «Versiones» (decision 044). */
  releases: Pick<VersionesDeps, 'operations' | 'previews'>;
}

/**
 * The campaign team's inbox (issue #13): every route under /panel, behind `staffOnly`. Its pages are never indexed and
 * never cached (`Cache-Control: no-store`; the HTML cache skips signed-in visitors).
 *
 * @example
 * registerPanelRoutes(app, services, { content, appUrl: env.appUrl })
 */
export function registerPanelRoutes(app: Hono, services: AppServices, { content, appUrl, releases }: PanelOptions): void {
  const seo = (c: Context, title: string, description: string): Seo => ({
    ...seoFor(c, content, appUrl, 'notFound', { title, description, keywords: '' }),
    robots: 'noindex, nofollow',
  });
  const guard = staffOnly({ seo });
  app.use('/panel', guard);
  app.use('/panel/*', guard);

  app.get(routerPath('panel'), ...inboxPage(services.database, (c) => seo(c, inboxMessages.title, inboxMessages.description)));
  app.get(routerPath('panelExportar'), ...exportCsv(services.database));

  const notFoundPage = (c: Context) => c.var.page('NotFound', { seo: seoFor(c, content, appUrl, 'notFound') }, { status: 404 });
  const leads: LeadHandlerDeps = { services, seo, notFoundPage };
  app.get(routerPath('panelMensaje'), ...leadPage(leads));
  app.delete(routerPath('panelMensaje'), ...deleteLead(leads));
  app.post(routerPath('panelMensajeEstado'), ...changeLeadStatus(leads));
  registerVersionesRoutes(app, { services, seo, notFoundPage, ...releases });
}
