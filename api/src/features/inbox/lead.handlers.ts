import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import { and, asc, desc, eq } from 'drizzle-orm';
import { leadMessages, type LeadAction, type LeadPageProps, type LeadStatus, type Seo } from '@gota/shared/contracts';
import { LeadPageQuerySchema, LeadParamsSchema, StatusChangeSchema } from '@gota/shared/schemas';
import { route } from '@gota/shared/routes';
import { mailOutbox } from '../../db/schema';
import { leadEvents, leads } from './schema';
import type { AppServices } from '../../app-services';
import { formOrJsonBody, validate, validateBody } from '../../security/validation';
import { hasRole } from '../accounts';
import { leadColumns } from './inbox-queries';
import type { AppEnv } from '../../types';

export interface LeadHandlerDeps {
  services: AppServices;
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
  /** The site's Spanish 404 page. */
  notFoundPage: (c: Context<AppEnv>) => Response | Promise<Response>;
}

const factory = createFactory<AppEnv>();

/** An id that is not a UUID names no lead: the same 404 as an unknown one (and never reaches the database). */
const leadNotFound = (c: Context<AppEnv>) => c.json({ message: leadMessages.notFound }, 404);

/** The start of a company message, as the inbox shows it. */
const excerptLength = 140;

const actionOf: Record<LeadStatus, LeadAction> = { atendido: 'atendido', nuevo: 'reabierto' };

/** Who acts, as the staff guard let them in: the session's account and its name (copied into the audit line). */
function actor(c: Context<AppEnv>): { actorId: string; actorName: string } {
  const session = c.get('session');
  if (!session) throw new Error('staffOnly debe ir antes de las acciones del panel');
  return { actorId: session.userId, actorName: session.name };
}

/**
 * GET /panel/mensajes/{id}: page `Panel/Mensaje` with every field of the lead, its history (who, what, when), the
 * delivery state of its notification mail and the inbox address to go back to (`?volver=`, a /panel path only).
 * An unknown or malformed id is the site's 404 page.
 */
export function leadPage({ services, seo, notFoundPage }: LeadHandlerDeps) {
  return factory.createHandlers(
    validate('param', LeadParamsSchema, notFoundPage),
    validate('query', LeadPageQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = services.database.use();
      const [lead] = await db
        .select({
          ...leadColumns,
          mensaje: leads.mensaje,
          createdAt: leads.createdAt,
          allyId: leads.allyId,
          allyName: leads.allyName,
        })
        .from(leads)
        .where(eq(leads.id, id))
        .limit(1);
      if (!lead) return notFoundPage(c);
      const [history, [mail]] = await Promise.all([
        db
          .select({ action: leadEvents.action, actorName: leadEvents.actorName, createdAt: leadEvents.createdAt })
          .from(leadEvents)
          .where(eq(leadEvents.leadId, id))
          .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id)),
        db
          .select({ status: mailOutbox.status, attempts: mailOutbox.attempts, lastError: mailOutbox.lastError })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.leadId, id), eq(mailOutbox.kind, 'contacto')))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1),
      ]);
      const who = lead.empresa ?? [lead.name, lead.lastName].filter(Boolean).join(' ');
      const props: LeadPageProps = {
        lead: {
          id: lead.id,
          kind: lead.kind,
          status: lead.status,
          empresa: lead.empresa,
          name: lead.name,
          lastName: lead.lastName,
          email: lead.email,
          excerpt: lead.mensaje === null ? null : lead.mensaje.slice(0, excerptLength),
          mensaje: lead.mensaje,
          createdAt: lead.createdAt.toISOString(),
        },
        history: history.map((event) => ({
          action: event.action,
          actorName: event.actorName,
          createdAt: event.createdAt.toISOString(),
        })),
        notification: mail ? { status: mail.status, attempts: mail.attempts, lastError: mail.lastError } : null,
        backUrl: c.req.valid('query').volver ?? route('panel'),
        ally: lead.allyId && lead.allyName ? { id: lead.allyId, empresa: lead.allyName } : null,
        canMakeAlly: hasRole(c, 'editor'),
      };
      return c.var.page('Panel/Mensaje', {
        ...props,
        seo: seo(c, `${who} | Bandeja | Gota a Gota`, 'Un mensaje recibido por el equipo de campaña.'),
      });
    },
  );
}

/**
 * POST /panel/mensajes/{id}/estado {estado}: the new status and its audit line ('atendido' or 'reabierto', with the
 * actor) in one transaction, the lead's row locked so two staff members changing it at once leave one line each.
 * The same status again records nothing.
 */
export function changeLeadStatus({ services }: LeadHandlerDeps) {
  // the id before the body: an action on a lead that cannot exist is a 404, whatever was sent
  return factory.createHandlers(
    validate('param', LeadParamsSchema, leadNotFound),
    formOrJsonBody,
    validateBody(StatusChangeSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { estado } = c.req.valid('json');
      const who = actor(c);
      const outcome = await services.database.use().transaction(async (tx) => {
        const [lead] = await tx
          .select({ status: leads.status, kind: leads.kind })
          .from(leads)
          .where(eq(leads.id, id))
          .for('update');
        if (!lead) return null;
        const answer = {
          message:
            lead.status === estado
              ? leadMessages.unchanged
              : estado === 'atendido'
                ? leadMessages.attended
                : leadMessages.reopened,
          estado,
        };
        if (lead.status !== estado) {
          await tx.update(leads).set({ status: estado }).where(eq(leads.id, id));
          await tx.insert(leadEvents).values({ leadId: id, leadKind: lead.kind, action: actionOf[estado], ...who });
        }
        // with an Idempotency-Key, the answer commits with the change: a retry replays it
        await c.var.idempotency?.record(tx, 200, answer);
        return answer;
      });
      if (!outcome) return c.json({ message: leadMessages.notFound }, 404);
      c.get('log').info({ event: 'lead_status', leadId: id, estado, userId: who.actorId }, 'estado de un mensaje cambiado');
      return c.json(outcome);
    },
  );
}

/**
 * DELETE /panel/mensajes/{id}: the right of cancellation. The lead goes (its notification mail with it, by cascade) and
 * an 'eliminado' line stays, holding the lead's id and kind, who and when, and no personal data; both in one
 * transaction.
 */
export function deleteLead({ services }: LeadHandlerDeps) {
  return factory.createHandlers(validate('param', LeadParamsSchema, leadNotFound), async (c) => {
    const { id } = c.req.valid('param');
    const who = actor(c);
    const deleted = await services.database.use().transaction(async (tx) => {
      const [lead] = await tx.delete(leads).where(eq(leads.id, id)).returning({ kind: leads.kind });
      if (!lead) return false;
      await tx.insert(leadEvents).values({ leadId: id, leadKind: lead.kind, action: 'eliminado', ...who });
      return true;
    });
    if (!deleted) return c.json({ message: leadMessages.notFound }, 404);
    c.get('log').info({ event: 'lead_deleted', leadId: id, userId: who.actorId }, 'mensaje eliminado');
    return c.json({ message: leadMessages.deleted });
  });
}
