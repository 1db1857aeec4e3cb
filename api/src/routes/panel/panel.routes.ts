import path from 'node:path';
import type { Context, Hono } from 'hono';
import type { Seo } from '@gota/shared/contracts';
import type { AppServices } from '../../app-services';
import { repoRoot } from '../../env';
import type { AppEnv } from '../../types';
import { seoFor } from '../../features/pages';
import { registerInboxRoutes } from '../../features/inbox';
import { registerEquipoRoutes, registerSeguridadRoutes } from '../../features/accounts';
import { registerVersionesRoutes, type VersionesDeps } from '../../features/releases';
import { staffOnly } from './staff-guard';
import { registerGuiaRoutes } from '../../features/guide';
import { registerHistoriasRoutes, type HistoriasDeps } from '../../features/stories';
import { registerContentSetsRoutes, registerContentPreviewRoutes, registerDescargasRoutes } from '../../features/content';

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
  const notFoundPage = (c: Context<AppEnv>) => c.var.page('NotFound', { seo: seoFor(c, appUrl, 'notFound') }, { status: 404 });
  // the inbox, its leads and its export: the role «bandeja» (decision 051)
  registerInboxRoutes(app, { services, appUrl, seo, notFoundPage });
  registerVersionesRoutes(app, { services, seo, notFoundPage, ...releases });
  registerHistoriasRoutes(app, { services, seo, notFoundPage, ...stories });
  registerContentSetsRoutes(app, { services, seo, notFoundPage, publicChange: stories.publicChange });
  registerContentPreviewRoutes(app, { services, notFoundPage });
  registerDescargasRoutes(app, { services, seo, publicChange: stories.publicChange });
  registerGuiaRoutes(app, { seo, notFoundPage, dir: path.join(repoRoot, 'docs/equipo') });
  registerEquipoRoutes(app, { services, seo });
  registerSeguridadRoutes(app, { services, seo });
}
