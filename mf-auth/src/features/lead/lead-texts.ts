import { formatMexicoCity, leadActionLabels, type LeadEvent, type LeadPageProps } from '@gota/shared/contracts';

type Lead = LeadPageProps['lead'];

/** Who the lead is, for the heading: the company, or the person's full name. */
export function leadTitle(lead: Pick<Lead, 'empresa' | 'name' | 'lastName'>): string {
  return lead.empresa || [lead.name, lead.lastName].filter(Boolean).join(' ');
}

/**
 * The 'Responder' link: a mail to the lead's address, with a subject that says who writes.
 *
 * @example
 * replyHref({ email: 'sofia@agua.mx', empresa: 'Aguas del Valle' }) // 'mailto:sofia@agua.mx?subject=Gota%20a%20Gota%3A%20Aguas%20del%20Valle'
 */
export function replyHref(lead: Pick<Lead, 'email' | 'empresa'>): string {
  const subject = `Gota a Gota: ${lead.empresa || 'tu registro'}`;
  return `mailto:${lead.email}?subject=${encodeURIComponent(subject)}`;
}

/** One line of the history: 'Marcado como atendido por Ana · 23/11/2026 12:05'. */
export function historyLine(event: LeadEvent): { what: string; when: string } {
  return { what: `${leadActionLabels[event.action]} por ${event.actorName}`, when: formatMexicoCity(event.createdAt) };
}

/** The delivery state of the lead's notification mail, in one sentence. */
export function notificationText(notification: LeadPageProps['notification']): {
  text: string;
  tone: 'success' | 'warning' | 'error' | 'muted';
} {
  if (!notification) return { text: 'Sin notificación por correo (no había destinatario configurado).', tone: 'muted' };
  const attempts = `${notification.attempts} ${notification.attempts === 1 ? 'intento' : 'intentos'}`;
  switch (notification.status) {
    case 'enviado':
      return { text: 'Notificación enviada.', tone: 'success' };
    case 'pendiente':
      return { text: `Notificación pendiente (${attempts}).`, tone: 'warning' };
    case 'fallido':
      return {
        text: `La notificación no se pudo enviar: ${notification.lastError ?? 'error desconocido'} (${attempts}).`,
        tone: 'error',
      };
  }
}
