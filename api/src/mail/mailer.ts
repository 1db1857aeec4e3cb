import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { Logger } from '../logging/logger';
import { metrics } from '../observability/metrics';

/** A message in Spanish, plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link a developer needs (password reset): logged only by the local outbox, never when sending for real. */
  link?: string;
}

export interface Mailer {
  /** Sends and waits. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the answer: the recovery answer must take the same time whether or not the account exists, and a
   * slow mail server must not hold a form. Failures are logged.
   */
  sendLater(message: MailMessage): void;
  /** Resolves when every `sendLater` has finished (tests, shutdown). */
  idle(): Promise<void>;
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
 * Mail of ARCHITECTURE §4 (nodemailer). Without SMTP_URL each message becomes `$DATA_DIR/mail/<time>-<id>.eml` and
 * one log line (with the link when `logLinks`, in development), so a developer can reset a password without a mail
 * server. Production requires SMTP_URL (env-api.ts).
 *
 * @example
 * const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.mailDir, logger })
 * mailer.sendLater(recoveryMail({ to, link, minutes: 60 }))
 */
export function createMailer({ smtpUrl, from, outboxDir, logger, logLinks = false }: MailerOptions): Mailer {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' } satisfies StreamTransport.Options);
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    try {
      await deliver(message);
      metrics.mail.inc({ outcome: 'sent' });
    } catch (error) {
      metrics.mail.inc({ outcome: 'failed' });
      throw error;
    }
  }

  async function deliver(message: MailMessage): Promise<void> {
    // the sender is set on the message itself, so the outbox file is the complete message SMTP would receive: From,
    // To, Date, Message-ID, Subject and the MIME parts (issue #16 row 7); a stream transport ignores `from` as an option
    const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    if (smtpUrl) {
      logger.info({ messageId: info.messageId, subject: message.subject }, 'correo enviado');
      return;
    }
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    logger.info({ file, to: message.to, subject: message.subject, ...(message.link && logLinks ? { link: message.link } : {}) }, 'correo guardado en el buzón local');
  }

  return {
    send,
    sendLater(message) {
      metrics.mail.inc({ outcome: 'queued' });
      const task = send(message)
        .catch((error: unknown) => {
          logger.error({ err: { message: (error as Error).message, code: (error as { code?: string }).code }, subject: message.subject }, 'no se pudo enviar el correo');
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      transport.close();
    },
  };
}
