import type { Context } from 'hono';
import { createFactory, createMiddleware } from 'hono/factory';
import type { UnofficialStatusCode } from 'hono/utils/http-status';
import { contactMessages, csrfMismatchMessage, honeypotField } from '@gota/shared/contracts';
import { ContactPayloadSchema } from '@gota/shared/schemas';
import { leads } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { contactNotificationMail } from '../../mail/templates';
import type { AppServices } from '../../app-services';
import { hit, ipKey, throttleIdentity, tooManyAttempts } from '../../security/throttle';
import { jsonBody, validate } from '../../security/validation';
import type { AppEnv } from '../../types';

const factory = createFactory<AppEnv>();

/**
 * A bot fills the hidden field, or posts sooner after the form was shown than a person could type (the token the dialog
 * asked for when it opened carries its issue time, so the clock is the server's; decision 040).
 */
function looksLikeBot(c: Context<AppEnv>, trap: unknown, minFillMs: number): boolean {
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
  // The fill time needs a token the server signed (GET /csrf-token, which the dialogs ask for as they open): the page's
  // own double-submit value has no issue time, and a script could send it without ever loading a page. Without one
  // the visitor is asked to reload (the dialog then asks again), never silently taken for a bot.
  const signedToken = createMiddleware<AppEnv>(async (c, next) => {
    if (services.env.MIN_FILL_MS > 0 && c.get('csrfIssuedAt') === null) {
      return c.json({ message: csrfMismatchMessage }, 419 as UnofficialStatusCode);
    }
    await next();
  });
  return factory.createHandlers(signedToken, jsonBody, validate('json', ContactPayloadSchema), async (c) => {
    const { [honeypotField]: trap, ...submission } = c.req.valid('json');
    const { email } = submission;
    const limited = await throttleIdentity(services, c, 'contacto', email);
    if (limited) return limited;
    const company = submission.kind === 'empresa';
    const sent = company ? contactMessages.companySent : contactMessages.registrationSent;

    if (looksLikeBot(c, trap, services.env.MIN_FILL_MS)) {
      c.get('log').info({ event: 'contact_bot' }, 'envío de contacto descartado (bot)');
      return c.json({ message: sent }, 201);
    }

    const { env, database } = services;
    const db = database.use();
    // the cooldown and the lead commit together: a failed insert does not lock the person out for a minute. Each kind
    // has its own cooldown (issue #12 row 16), counted apart so one form does not lock the other
    const waitSeconds = await db.transaction(async (tx) => {
      if (env.CONTACT_COOLDOWN_SECONDS > 0) {
        const cooldown = await hit(
          tx,
          ipKey(company ? 'contacto-empresa' : 'contacto-registro', services.ip(c)),
          1,
          env.CONTACT_COOLDOWN_SECONDS,
        );
        if (!cooldown.allowed) return cooldown.retryAfter;
      }
      const [lead] = await tx
        .insert(leads)
        .values(
          submission.kind === 'empresa'
            ? { kind: 'empresa', empresa: submission.empresa, name: submission.name, email, mensaje: submission.mensaje }
            : { kind: 'registro', name: submission.name, lastName: submission.lastName, email },
        )
        .returning({ id: leads.id });
      // the notification is written with the lead: both are stored, or neither (issue #13 row 6)
      if (env.CONTACT_NOTIFY_TO)
        await enqueueMail(tx, 'contacto', contactNotificationMail(env.CONTACT_NOTIFY_TO, submission), { leadId: lead!.id });
      // with an Idempotency-Key, the answer commits with the lead: a retry replays it instead of storing again
      await c.var.idempotency?.record(tx, 201, { message: sent });
      return 0;
    });
    if (waitSeconds > 0) return tooManyAttempts(c, waitSeconds, contactMessages.cooldown(waitSeconds));
    if (env.CONTACT_NOTIFY_TO) services.outbox.nudge();
    c.get('log').info({ event: company ? 'company_message' : 'contact_registration' }, 'contacto recibido');
    return c.json({ message: sent }, 201);
  });
}
