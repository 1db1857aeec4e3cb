import type { Context } from 'hono';
import type { UnofficialStatusCode } from 'hono/utils/http-status';
import {
  contactMessages,
  csrfMismatchMessage,
  honeypotField,
  isCompanyPayload,
  type CompanyMessage,
  type ContactRegistration,
} from '@gota/shared/contracts';
import { CompanyMessageSchema, ContactRegistrationSchema } from '@gota/shared/schemas';
import { leads } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { contactNotificationMail } from '../../mail/templates';
import type { AppServices } from '../../app-services';
import { parseEmailForm } from '../../security/email-form';
import { hit, ipKey, tooManyAttempts } from '../../security/throttle';

/**
 * A bot fills the hidden field, or posts sooner after the form was shown than a person could type (the token the dialog
 * asked for when it opened carries its issue time, so the clock is the server's; decision 040).
 */
function looksLikeBot(c: Context, raw: Record<string, unknown>, minFillMs: number): boolean {
  const trap = raw[honeypotField];
  if (trap !== undefined && trap !== null && trap !== '') return true;
  const issuedAt = c.get('csrfIssuedAt');
  return issuedAt !== null && Date.now() - issuedAt < minFillMs;
}

/**
 * POST /contacto-empresa, both payloads of product §3: a company message {empresa, name, email, mensaje} or a contact
 * registration {name, lastName, email}. Stored with its notification to CONTACT_NOTIFY_TO (when set) in one
 * transaction. Bots get the normal success answer and nothing is stored or sent. Each kind has a 60 s cooldown per
 * client.
 */
export function submitContact(services: AppServices) {
  return async (c: Context) => {
    // The fill time needs a token the server signed (GET /csrf-token, which the dialogs ask for as they open): the page's
    // own double-submit value has no issue time, and a script could send it without ever loading a page. Without one
    // the visitor is asked to reload (the dialog then asks again), never silently taken for a bot.
    if (services.env.MIN_FILL_MS > 0 && c.get('csrfIssuedAt') === null) {
      return c.json({ message: csrfMismatchMessage }, 419 as UnofficialStatusCode);
    }
    const body = await parseEmailForm(services, c, (raw) => (isCompanyPayload(raw) ? CompanyMessageSchema : ContactRegistrationSchema), 'contacto');
    if (!body.ok) return body.response;
    const { email } = body;
    const company = isCompanyPayload(body.raw);
    const sent = company ? contactMessages.companySent : contactMessages.registrationSent;

    if (looksLikeBot(c, body.raw, services.env.MIN_FILL_MS)) {
      c.get('log').info({ event: 'contact_bot' }, 'envío de contacto descartado (bot)');
      return c.json({ message: sent }, 201);
    }

    const { env, database } = services;
    const db = database.use();
    if (company) {
      const data = body.data as CompanyMessage;
      // the cooldown and the message commit together: a failed insert does not lock the person out for a minute
      const waitSeconds = await db.transaction(async (tx) => {
        if (env.CONTACT_COOLDOWN_SECONDS > 0) {
          const cooldown = await hit(tx, ipKey('contacto-empresa', services.ip(c)), 1, env.CONTACT_COOLDOWN_SECONDS);
          if (!cooldown.allowed) return cooldown.retryAfter;
        }
        const [lead] = await tx
          .insert(leads)
          .values({ kind: 'empresa', empresa: data.empresa, name: data.name, email, mensaje: data.mensaje })
          .returning({ id: leads.id });
        // the notification is written with the lead: both are stored, or neither (issue #13 row 6)
        if (env.CONTACT_NOTIFY_TO) {
          await enqueueMail(tx, 'contacto', contactNotificationMail(env.CONTACT_NOTIFY_TO, { kind: 'empresa', ...data, email }), { leadId: lead!.id });
        }
        // with an Idempotency-Key, the answer commits with the message: a retry replays it instead of storing again
        await c.var.idempotency?.record(tx, 201, { message: sent });
        return 0;
      });
      if (waitSeconds > 0) return tooManyAttempts(c, waitSeconds, contactMessages.cooldown(waitSeconds));
    } else {
      const data = body.data as ContactRegistration;
      // the same cooldown as company messages (issue #12 row 16), counted apart so one form does not lock the other
      const waitSeconds = await db.transaction(async (tx) => {
        if (env.CONTACT_COOLDOWN_SECONDS > 0) {
          const cooldown = await hit(tx, ipKey('contacto-registro', services.ip(c)), 1, env.CONTACT_COOLDOWN_SECONDS);
          if (!cooldown.allowed) return cooldown.retryAfter;
        }
        const [lead] = await tx.insert(leads).values({ kind: 'registro', name: data.name, lastName: data.lastName, email }).returning({ id: leads.id });
        if (env.CONTACT_NOTIFY_TO) {
          await enqueueMail(tx, 'contacto', contactNotificationMail(env.CONTACT_NOTIFY_TO, { kind: 'registro', ...data, email }), { leadId: lead!.id });
        }
        await c.var.idempotency?.record(tx, 201, { message: sent });
        return 0;
      });
      if (waitSeconds > 0) return tooManyAttempts(c, waitSeconds, contactMessages.cooldown(waitSeconds));
    }
    if (env.CONTACT_NOTIFY_TO) services.outbox.nudge();
    c.get('log').info({ event: company ? 'company_message' : 'contact_registration' }, 'contacto recibido');
    return c.json({ message: sent }, 201);
  };
}
