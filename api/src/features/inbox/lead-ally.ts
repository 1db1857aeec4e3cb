import { eq } from 'drizzle-orm';
import type { AllyFromLead, EditableAlly } from '@gota/shared/contracts';
import { LeadParamsSchema } from '@gota/shared/schemas';
import { ContentSetRefused } from '../../common/content-error';
import type { Db, Tx } from '../../db/database';
import { leadEvents, leads } from './schema';
import type { CurrentSession } from '../accounts';

/** «Convertir en aliado» (issue #42 item 1, decision 060): a lead of the inbox becomes an ally of the panel's list. */

const leadGone = 'Ese mensaje de la bandeja ya no existe: el aliado no se guardó. Vuelve a la bandeja.';

/** What the new ally's form starts from: the lead's company and contact; null for no id, or an unknown one. */
export async function allyFromLead(db: Db, id: string | undefined): Promise<AllyFromLead | null> {
  const parsed = LeadParamsSchema.safeParse({ id });
  if (!parsed.success) return null;
  const [lead] = await db
    .select({
      id: leads.id,
      empresa: leads.empresa,
      name: leads.name,
      lastName: leads.lastName,
      email: leads.email,
      mensaje: leads.mensaje,
    })
    .from(leads)
    .where(eq(leads.id, parsed.data.id));
  if (!lead) return null;
  const person = [lead.name, lead.lastName].filter(Boolean).join(' ');
  return { leadId: lead.id, empresa: lead.empresa ?? person, contacto: `${person} <${lead.email}>`, mensaje: lead.mensaje };
}

/**
 * The work a save of the allies does in its own transaction when it turns a lead into one of them: the lead records the
 * ally (its id, and its name as saved) and its history gains a line «Convertido en aliado». A lead deleted meanwhile
 * refuses the whole save (404): nothing changes.
 */
export function recordLeadAlly(
  desde: { lead: string; aliado: string },
  items: EditableAlly[],
  session: Pick<CurrentSession, 'userId' | 'name'>,
) {
  const ally = items.find((item) => item.id === desde.aliado)!;
  return async (tx: Tx): Promise<void> => {
    const [lead] = await tx
      .update(leads)
      .set({ allyId: ally.id, allyName: ally.empresa })
      .where(eq(leads.id, desde.lead))
      .returning({ kind: leads.kind });
    if (!lead) throw new ContentSetRefused(leadGone, 404);
    await tx.insert(leadEvents).values({
      leadId: desde.lead,
      leadKind: lead.kind,
      action: 'convertido',
      actorId: session.userId,
      actorName: session.name,
    });
  };
}
