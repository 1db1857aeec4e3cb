import type { Context, Hono } from 'hono';
import { genericErrorMessage, leadPath } from '@gota/shared/contracts';
import { route, routerPath } from '@gota/shared/routes';
import { LeadPageQuerySchema } from '@gota/shared/schemas';
import { nativeForm, seeOther, withoutEmptyParameters, type NativeAnswerProps } from '../../pages/native-forms';
import type { AppEnv, PageStatus } from '../../types';
import { errorPages } from '../pages';
import { requireRole } from '../accounts';
import { exportCsv, inboxMessages, inboxPage } from './inbox.handlers';
import { changeLeadStatus, deleteLead, leadPage, type LeadHandlerDeps } from './lead.handlers';

export interface InboxRouteDeps extends LeadHandlerDeps {
  appUrl: string;
}

/**
 * The panel's «Bandeja» (issue #13): the list of leads, its CSV export and each lead's page and actions, for the role
 * «bandeja» (decision 051). Registered by the panel, behind its staff guard.
 */
export function registerInboxRoutes(app: Hono<AppEnv>, { services, appUrl, seo, notFoundPage }: InboxRouteDeps): void {
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
}
