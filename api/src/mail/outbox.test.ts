import { readdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { DatabaseUnavailableError } from '../db/errors';
import { leads, mailOutbox } from '../db/schema';
import { createLogger } from '../logging/logger';
import { Browser } from '../testing/browser';
import { sendCompanyMessage } from '../testing/company-message';
import { freePort } from '../testing/free-port';
import { interceptedDatabase } from '../testing/intercepted-database';
import { localOutboxMailer } from '../testing/local-mailer';
import { recordingMailer, testApp } from '../testing/test-app';
import { startSmtpSink } from '../testing/smtp-sink.mjs';
import { secondPostgresDatabase, testDatabase, testDatabaseKind } from '../testing/test-database';
import { createMailer, type Mailer, type MailMessage } from './mailer';
import { createOutboxSender, enqueueMail } from './outbox';
import { contactNotificationMail, recoveryMail } from './templates';
import { signUp } from '../testing/sign-up';

// Issue #13 row 6: every mail is a row of mail_outbox, written with what caused it and delivered by the outbox sender.

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.use().delete(mailOutbox);
});

const silent = createLogger({ level: 'silent' });
let counter = 0;
const mail = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: `persona${++counter}@ejemplo.mx`,
  subject: `Asunto ${counter}`,
  text: `Texto ${counter}`,
  html: `<p>Texto ${counter}</p>`,
  ...overrides,
});
const rows = () => database.use().select().from(mailOutbox).orderBy(mailOutbox.createdAt);
/** Seconds from now to each row's next try, rounded. */
const secondsToNextTry = async () =>
  (
    (await database
      .use()
      .execute(
        sql`select round(extract(epoch from ${mailOutbox.nextAttemptAt} - now()))::int as s from ${mailOutbox}`,
      )) as unknown as {
      rows: { s: number }[];
    }
  ).rows.map((row) => Number(row.s));
/** Makes every row due now (instead of waiting for its retry). */
const makeDue = () =>
  database
    .use()
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` });

describe(`the mail outbox on ${testDatabaseKind}`, () => {
  it('writes a company message and its notification in one transaction, linked by lead_id', async () => {
    const { app, deliverMail } = testApp({ database, env: { CONTACT_NOTIFY_TO: 'equipo@gotaagota.mx' } });
    const email = `empresa.${Date.now()}@ejemplo.mx`;
    const lead = await sendCompanyMessage(new Browser(app), database, {
      empresa: 'Riego Fértil',
      name: 'Ana',
      email,
      mensaje: 'Queremos sumarnos.',
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: 'contacto',
      leadId: lead.id,
      recipient: 'equipo@gotaagota.mx',
      status: 'pendiente',
      attempts: 0,
    });
    expect(row!.subject).toContain('Riego Fértil');
    // nothing was sent in the request: the sender does it
    const sent = await deliverMail();
    expect(sent.map((m) => m.subject)).toEqual([row!.subject]);
  });

  it('stores neither the lead nor its mail when the mail cannot be written (the transaction rolls back)', async () => {
    const db = database.use();
    await db.execute(
      sql`create or replace function outbox_refuses() returns trigger language plpgsql as $$ begin raise exception 'buzón roto'; end $$`,
    );
    await db.execute(
      sql`create trigger outbox_refuses before insert on mail_outbox for each row execute function outbox_refuses()`,
    );
    try {
      const { app } = testApp({ database, env: { CONTACT_NOTIFY_TO: 'equipo@gotaagota.mx' } });
      const email = `rollback.${Date.now()}@ejemplo.mx`;
      const res = await new Browser(app).post('/contacto-empresa', { empresa: 'Sin Buzón', name: 'Ana', email, mensaje: 'Hola' });
      expect(res.status).toBe(500);
      expect(await db.select().from(leads).where(eq(leads.email, email))).toHaveLength(0);
      expect(await rows()).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger outbox_refuses on mail_outbox`);
      await db.execute(sql`drop function outbox_refuses()`);
    }
  });

  it('writes the welcome mail with the account and the reset notice with the new password', async () => {
    const { app, deliverMail } = testApp({ database });
    const email = `bienvenida.${Date.now()}@ejemplo.mx`;
    const password = 'una frase larga de prueba';
    await signUp(new Browser(app), email, password, { name: 'Eva', lastName: 'Mora' });
    expect((await rows()).map((row) => row.kind)).toEqual(['bienvenida']);
    expect((await new Browser(app).post('/recuperar-contrasena', { email })).status).toBe(200);
    expect((await rows()).map((row) => row.kind)).toEqual(['bienvenida', 'recuperacion']);
    const delivered = await deliverMail();
    const token = new URL(delivered.find((m) => m.link)!.link!).pathname.split('/').pop()!;
    const fresh = 'otra frase larga de prueba';
    expect(
      (await new Browser(app).post(`/resetear-contrasena/${token}`, { password: fresh, password_confirmation: fresh })).status,
    ).toBe(200);
    expect((await rows()).map((row) => row.kind)).toEqual(['bienvenida', 'recuperacion', 'aviso-contrasena']);
  });

  it('delivers a row, then clears its bodies and records when it was sent', async () => {
    const mailer = recordingMailer();
    const sender = createOutboxSender({ database, mailer, logger: silent });
    const message = recoveryMail({
      to: 'ana@ejemplo.mx',
      link: 'http://localhost:3000/resetear-contrasena/secreto',
      minutes: 60,
    });
    await enqueueMail(database.use(), 'recuperacion', message);
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(mailer.sent).toEqual([{ ...message }]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'enviado', text: '', html: '', attempts: 1, lockedUntil: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain('secreto');
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('goes through the local .eml outbox without SMTP_URL, with the same log line (link in development only)', async () => {
    const { mailer, outboxDir, lines, logger } = localOutboxMailer({ logLinks: true });
    const link = 'http://localhost:3000/resetear-contrasena/abc';
    await enqueueMail(database.use(), 'recuperacion', recoveryMail({ to: 'ana@ejemplo.mx', link, minutes: 60 }));
    await createOutboxSender({ database, mailer, logger }).runOnce();
    expect(readdirSync(outboxDir)).toHaveLength(1);
    expect(lines.map((line) => JSON.parse(line) as object)).toContainEqual(
      expect.objectContaining({ msg: 'correo guardado en el buzón local', to: 'ana@ejemplo.mx', link }),
    );
  });

  it('retries after an SMTP failure with growing waits, and delivers once the server is up', async () => {
    const port = await freePort();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@gotaagota.mx',
      outboxDir: '/nonexistent',
      logger: silent,
    });
    const sender = createOutboxSender({ database, mailer, logger: silent, retrySeconds: [30, 120, 600] });
    await enqueueMail(
      database.use(),
      'contacto',
      contactNotificationMail('equipo@gotaagota.mx', {
        kind: 'empresa',
        empresa: 'Lluvia',
        name: 'Ana',
        email: 'a@b.mx',
        mensaje: 'Hola',
      }),
    );

    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [first] = await rows();
    expect(first).toMatchObject({ status: 'pendiente', attempts: 1, lockedUntil: null });
    expect(first!.lastError).toMatch(/ECONNREFUSED/);
    const [wait1] = await secondsToNextTry();
    expect(wait1).toBeGreaterThan(20);
    expect(wait1).toBeLessThanOrEqual(30);
    // not due yet: nothing is tried
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await makeDue();
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [wait2] = await secondsToNextTry();
    expect(wait2).toBeGreaterThan(100);
    expect(wait2).toBeLessThanOrEqual(120);

    const smtp = await startSmtpSink({ port });
    try {
      await makeDue();
      expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Lluvia');
      expect(await rows()).toMatchObject([{ status: 'enviado', attempts: 3 }]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('marks a mail failed, with the last error, after the last retry', async () => {
    const mailer = recordingMailer();
    mailer.fail = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    const sender = createOutboxSender({ database, mailer, logger: silent, retrySeconds: [0, 0] });
    await enqueueMail(database.use(), 'bienvenida', mail());
    // two retries due at once: three tries in one run, then failed
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 2, failed: 1 });
    expect(await rows()).toMatchObject([{ status: 'fallido', attempts: 3, lastError: '550 Mailbox unavailable', sentAt: null }]);
    mailer.fail = undefined;
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(0);
  });

  it('is picked up by a new sender after a restart, and a crashed sender’s claim after its lease', async () => {
    // the first process wrote two mails and died before sending: a new one sends both
    await enqueueMail(database.use(), 'bienvenida', mail());
    const hanging = createOutboxSender({
      database,
      mailer: { send: () => new Promise<void>(() => undefined), close: async () => undefined },
      logger: silent,
    });
    void hanging.runOnce(); // claims one row and never finishes: a process that died mid-send
    await vi.waitFor(async () => expect((await rows()).filter((row) => row.lockedUntil !== null)).toHaveLength(1));
    await enqueueMail(database.use(), 'bienvenida', mail());

    const mailer = recordingMailer();
    const restarted = createOutboxSender({ database, mailer, logger: silent });
    expect(await restarted.runOnce()).toMatchObject({ sent: 1 });
    // the crashed claim is left alone until its lease ends…
    const [held] = (await rows()).filter((row) => row.status === 'pendiente');
    expect(held!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    await database
      .use()
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` });
    // …then it is taken over
    expect(await restarted.runOnce()).toMatchObject({ sent: 1 });
    expect((await rows()).map((row) => row.status)).toEqual(['enviado', 'enviado']);
    expect(mailer.sent).toHaveLength(2);
  });

  it('sends each mail exactly once with two senders racing over one database', async () => {
    const count = 120;
    const second = testDatabaseKind === 'postgres' ? await secondPostgresDatabase() : database;
    try {
      const values = Array.from({ length: count }, (_, i) => ({
        kind: 'contacto' as const,
        recipient: `carrera${i}@ejemplo.mx`,
        subject: `Carrera ${i}`,
        text: 't',
        html: 'h',
      }));
      await database.use().insert(mailOutbox).values(values);
      // each send yields, so the two senders' claims interleave
      const slowRecorder = () => {
        const sent: string[] = [];
        const mailer: Mailer = {
          async send(message) {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
            sent.push(message.to);
          },
          close: async () => undefined,
        };
        return { sent, mailer };
      };
      const a = slowRecorder();
      const b = slowRecorder();
      const senderA = createOutboxSender({ database, mailer: a.mailer, logger: silent });
      const senderB = createOutboxSender({ database: second, mailer: b.mailer, logger: silent });
      const [runA, runB] = await Promise.all([senderA.runOnce(), senderB.runOnce()]);
      expect(runA.sent + runB.sent).toBe(count);
      expect(a.sent.length).toBeGreaterThan(0);
      expect(b.sent.length).toBeGreaterThan(0);
      const all = [...a.sent, ...b.sent];
      expect(new Set(all).size).toBe(count);
      expect(all).toHaveLength(count);
      expect((await rows()).every((row) => row.status === 'enviado' && row.attempts === 1)).toBe(true);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('waits for the mail in flight when stopped', async () => {
    let release!: () => void;
    const sending = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const mailer: Mailer = {
      async send(message) {
        await sending;
        sent.push(message.to);
      },
      close: async () => undefined,
    };
    const sender = createOutboxSender({ database, mailer, logger: silent, pollMs: 60_000 });
    await enqueueMail(database.use(), 'bienvenida', mail({ to: 'en.vuelo@ejemplo.mx' }));
    sender.start();
    await vi.waitFor(async () => expect((await rows())[0]!.lockedUntil).not.toBeNull());
    let stopped = false;
    const stopping = sender.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(sent).toEqual(['en.vuelo@ejemplo.mx']);
    expect((await rows())[0]).toMatchObject({ status: 'enviado' });
  });

  it('sends at once when nudged after a commit, without waiting for the poll', async () => {
    const mailer = recordingMailer();
    const sender = createOutboxSender({ database, mailer, logger: silent, pollMs: 60_000 });
    sender.start();
    try {
      await sender.runOnce(); // the first poll is over
      await enqueueMail(database.use(), 'bienvenida', mail({ to: 'empujon@ejemplo.mx' }));
      sender.nudge();
      await vi.waitFor(() => expect(mailer.sent.map((m) => m.to)).toEqual(['empujon@ejemplo.mx']));
    } finally {
      await sender.stop();
    }
  });

  it('logs once and keeps polling while the database is down, instead of crashing', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (line) => lines.push(line) } });
    let down = true;
    const flaky = interceptedDatabase(database, (method) =>
      method === 'execute' && down ? () => Promise.reject(new DatabaseUnavailableError('caída de prueba')) : undefined,
    );
    const mailer = recordingMailer();
    const sender = createOutboxSender({ database: flaky, mailer, logger, pollMs: 50 });
    await enqueueMail(database.use(), 'bienvenida', mail({ to: 'tras.caida@ejemplo.mx' }));
    sender.start();
    try {
      await vi.waitFor(() =>
        expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(
          'buzón de salida: la base de datos no responde; se reintenta',
        ),
      );
      down = false;
      await vi.waitFor(() => expect(mailer.sent.map((m) => m.to)).toEqual(['tras.caida@ejemplo.mx']), { timeout: 5000 });
      expect(lines.filter((line) => line.includes('no responde'))).toHaveLength(1);
    } finally {
      await sender.stop();
    }
  });
});
