import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/database';
import { describeError, isDatabaseUnavailable } from '../db/errors';
import { mailOutbox, type MailKind } from '../db/schema';
import { rowsOf } from '../db/rows';
import type { Logger } from '../logging/logger';
import { metrics, watchOutbox } from '../observability/metrics';
import { smtpConnections, type Mailer, type MailMessage } from './mailer';

/**
 * The durable mail of issue #13 row 6 (docs/decisions/015-durable-mail-outbox.md). A handler writes the mail as a row of
 * `mail_outbox` in the transaction of what caused it (`enqueueMail`), so the mail exists exactly when the lead, the
 * account or the reset token does; after the commit it nudges the sender. The sender (one per API instance) claims a
 * few due rows at a time with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), hands them to the Mailer (SMTP, or
 * the .eml files of `$DATA_DIR/mail`) at once, and records each outcome: sent (bodies cleared), a retry later, or
 * failed.
 */

/** Seconds between a failed try and the next one: after the last, the row is `fallido` (MAIL_RETRY_SECONDS). */
const defaultRetrySeconds: readonly number[] = [30, 120, 600, 3600, 21_600];
/** A claimed row is another instance's to take only after this long (a crashed sender); SMTP gives up well before. */
const defaultLeaseSeconds = 60;

/**
 * Writes `message` to the outbox within `tx`: it is sent once that transaction commits, and never if it rolls back.
 * Call the sender's `nudge()` after the commit so it goes out at once.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   const [lead] = await tx.insert(leads).values(…).returning({ id: leads.id })
 *   await enqueueMail(tx, 'contacto', contactNotificationMail(to, …), { leadId: lead.id })
 * })
 * services.outbox.nudge()
 */
export async function enqueueMail(
  tx: Tx | Db,
  kind: MailKind,
  message: MailMessage,
  { leadId }: { leadId?: string } = {},
): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ kind, recipient: message.to, subject: message.subject, text: message.text, html: message.html, leadId });
}

/** What one `runOnce` did: mails delivered, tries that failed and wait for a retry, rows given up (`fallido`). */
interface OutboxRun {
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxSender {
  /** Polls every `pollMs` (backing off while the database is unreachable) and answers nudges. */
  start(): void;
  /** A handler committed a mail: look now instead of at the next poll. Does nothing until `start()`. */
  nudge(): void;
  /** Delivers every due row, then resolves (tests, and the poll). Runs after a run already in progress. */
  runOnce(): Promise<OutboxRun>;
  /** Stops polling and waits for the deliveries in flight (every claimed row is recorded). */
  stop(): Promise<void>;
}

export interface OutboxSenderOptions {
  database: Database;
  mailer: Mailer;
  logger: Logger;
  retrySeconds?: readonly number[];
  /** How often due rows are looked for (a retry's time comes, another instance's lease ends). */
  pollMs?: number;
  leaseSeconds?: number;
  /** Rows claimed by one statement and sent at once (default: as many as SMTP connections). */
  batchSize?: number;
}

interface ClaimedRow {
  id: string;
  kind: MailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/** The reset link of a recovery mail, for the development log line of the local outbox (never stored apart). */
function linkOf(row: ClaimedRow): string | undefined {
  if (row.kind !== 'recuperacion') return undefined;
  return row.text.split('\n').find((line) => /^https?:\/\/\S+$/.test(line));
}

/** What went wrong, short and without the message: SMTP's own code and text. */
function errorText(error: unknown): string {
  const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
  return [code, responseCode, message ?? String(error)]
    .filter((part) => part !== undefined && part !== '')
    .join(' ')
    .slice(0, 1000);
}

/**
 * One sender per API instance. Several instances on one PostgreSQL never send one row twice: a claim is one statement
 * that skips rows another transaction holds and sets a lease, so a claimed row is invisible to the others until it is
 * recorded or its lease ends (a crashed instance). The database being down is logged once and polled with backoff.
 *
 * @example
 * const sender = createOutboxSender({ database, mailer, logger, retrySeconds: env.MAIL_RETRY_SECONDS })
 * sender.start()
 * // on shutdown: await sender.stop(); await mailer.close()
 */
export function createOutboxSender({
  database,
  mailer,
  logger,
  retrySeconds = defaultRetrySeconds,
  pollMs = 1000,
  leaseSeconds = defaultLeaseSeconds,
  batchSize = smtpConnections,
}: OutboxSenderOptions): OutboxSender {
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  /** Runs one after another; `queued` is the next one while it has not started (it will see every commit before it). */
  let chain: Promise<unknown> = Promise.resolve();
  let queued: Promise<OutboxRun> | undefined;
  /** Delivered, but the database did not take the news: recorded before anything else is claimed. */
  const unrecorded = new Set<string>();

  const usable = (): Db | undefined => (database.ready && database.state === 'ok' ? database.use() : undefined);

  watchOutbox(async () => {
    const db = usable();
    if (!db) return undefined;
    const rows = rowsOf<{ status: string; n: number }>(
      await db.execute(
        sql`select ${mailOutbox.status} as status, count(*)::int as n from ${mailOutbox} group by ${mailOutbox.status}`,
      ),
    );
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  });

  const claim = async (db: Db): Promise<ClaimedRow[]> =>
    rowsOf<ClaimedRow>(
      await db.execute(sql`
        update ${mailOutbox}
        set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = ${mailOutbox.attempts} + 1
        where ${mailOutbox.id} in (
          select ${mailOutbox.id} from ${mailOutbox}
          where ${mailOutbox.status} = 'pendiente' and ${mailOutbox.nextAttemptAt} <= now()
            and (${mailOutbox.lockedUntil} is null or ${mailOutbox.lockedUntil} <= now())
          order by ${mailOutbox.nextAttemptAt}
          limit ${batchSize}
          for update skip locked
        )
        returning id, kind, recipient, subject, text, html, attempts`),
    );

  // a sent mail keeps no body: a reset link or a lead's message must not stay in the table
  const recordSent = (db: Db, id: string) =>
    db.execute(sql`
      update ${mailOutbox} set status = 'enviado', sent_at = now(), text = '', html = '', locked_until = null, last_error = null
      where ${mailOutbox.id} = ${id}`);

  async function deliver(db: Db, row: ClaimedRow, run: OutboxRun): Promise<void> {
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, text: row.text, html: row.html, link: linkOf(row) });
    } catch (error) {
      const lastError = errorText(error);
      const delay = retrySeconds[row.attempts - 1];
      if (delay === undefined) {
        await db.execute(sql`
          update ${mailOutbox} set status = 'fallido', locked_until = null, last_error = ${lastError} where ${mailOutbox.id} = ${row.id}`);
        metrics.mail.inc({ outcome: 'failed' });
        run.failed++;
        logger.error(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, error: lastError },
          'correo fallido: se agotaron los reintentos',
        );
      } else {
        await db.execute(sql`
          update ${mailOutbox}
          set next_attempt_at = now() + make_interval(secs => ${delay}), locked_until = null, last_error = ${lastError}
          where ${mailOutbox.id} = ${row.id}`);
        metrics.mail.inc({ outcome: 'retried' });
        run.retried++;
        logger.warn(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, retryInSeconds: delay, error: lastError },
          'no se pudo enviar el correo; se reintentará',
        );
      }
      return;
    }
    metrics.mail.inc({ outcome: 'sent' });
    run.sent++;
    unrecorded.add(row.id);
    await recordSent(db, row.id);
    unrecorded.delete(row.id);
  }

  async function drain(): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, retried: 0, failed: 0 };
    if (stopping) return run;
    const db = usable();
    if (!db) return run;
    for (const id of [...unrecorded]) {
      await recordSent(db, id);
      unrecorded.delete(id);
    }
    while (!stopping) {
      const claimed = await claim(db);
      if (claimed.length === 0) break;
      // every claimed row is being sent until its outcome is recorded: none is left waiting on its lease
      const outcomes = await Promise.allSettled(claimed.map((row) => deliver(db, row, run)));
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    }
    return run;
  }

  function runOnce(): Promise<OutboxRun> {
    if (queued) return queued;
    const run = chain.then(() => {
      queued = undefined;
      return drain();
    });
    queued = run;
    chain = run.catch(() => undefined);
    return run;
  }

  async function poll(): Promise<void> {
    timer = undefined;
    try {
      await runOnce();
      if (failures > 0) logger.info({ failures }, 'buzón de salida: la base de datos responde otra vez');
      failures = 0;
    } catch (error) {
      failures++;
      database.reportFailure(error);
      const detail = { err: describeError(error), failures };
      // once per outage: a database that is down for an hour must not write a line a second
      if (failures > 1) logger.debug(detail, 'buzón de salida: la base de datos sigue sin responder');
      else if (isDatabaseUnavailable(error)) logger.warn(detail, 'buzón de salida: la base de datos no responde; se reintenta');
      else logger.error(detail, 'buzón de salida: error inesperado; se reintenta');
    }
    if (!stopping) {
      timer = setTimeout(() => void poll(), failures > 0 ? Math.min(pollMs * 2 ** failures, 30_000) : pollMs);
      timer.unref();
    }
  }

  return {
    start() {
      if (started) return;
      started = true;
      void poll();
    },
    nudge() {
      if (started && !stopping) runOnce().catch(() => undefined);
    },
    runOnce,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await chain;
    },
  };
}
