import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { Logger } from '../logging/logger';

/** Milliseconds SMTP may take to connect, to greet and between two packets: 35 s at most before a try fails. */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 } as const;
/** SMTP connections kept open and used at once: the outbox sender sends this many mails at a time. */
export const smtpConnections = 5;

/** A message in Spanish, plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link a developer needs (password reset): logged only by the local outbox, never when sending for real. */
  link?: string;
}

/**
 * Hands one message to SMTP (or to the local .eml outbox). Only the outbox sender (outbox.ts) calls it: a handler
 * writes a `mail_outbox` row in its transaction instead, so a mail is never lost with the process (issue #13 row 6).
 */
export interface Mailer {
  /** Delivers and waits; throws when the server refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://…` sends for real; unset, messages are written as .eml files to `outboxDir`. */
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** Log the link of an outboxed message (development only: a live reset link in a log is a stolen account). */
  logLinks?: boolean;
}

/**
 * Mail of architecture §4 (nodemailer). Without SMTP_URL each message becomes `$DATA_DIR/mail/<time>-<id>.eml` and
 * one log line (with the link when `logLinks`, in development), so a developer can reset a password without a mail
 * server. Production requires SMTP_URL (env-api.ts). SMTP connections are pooled (`smtpConnections`) and a try gives
 * up within `smtpTimeouts`, well inside the outbox sender's lease, so no other instance takes a row over while it is
 * still being sent.
 *
 * @example
 * const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.mailDir, logger })
 * const sender = createOutboxSender({ database, mailer, logger })
 */
export function createMailer({ smtpUrl, from, outboxDir, logger, logLinks = false }: MailerOptions): Mailer {
  const transport: Transporter = smtpUrl
    ? // the pool itself, not `createTransport({ url, … })`: that form keeps only what the URL says and drops the rest
      nodemailer.createTransport(new SMTPPool({ pool: true, url: smtpUrl, ...smtpTimeouts, maxConnections: smtpConnections }))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' } satisfies StreamTransport.Options);

  async function send(message: MailMessage): Promise<void> {
    // the sender is set on the message itself, so the outbox file is the complete message SMTP would receive: From,
    // To, Date, Message-ID, Subject and the MIME parts (issue #16 row 7); a stream transport ignores `from` as an option
    const info = await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (smtpUrl) {
      logger.info({ messageId: info.messageId, subject: message.subject }, 'correo enviado');
      return;
    }
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    logger.info(
      { file, to: message.to, subject: message.subject, ...(message.link && logLinks ? { link: message.link } : {}) },
      'correo guardado en el buzón local',
    );
  }

  return {
    send,
    async close() {
      transport.close();
    },
  };
}
