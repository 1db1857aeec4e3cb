import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createLogger } from '../../logging/logger';
import { createMailer, type Mailer } from '../../mail/mailer';
import { Browser } from '../../testing/browser';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.mjs';
import { testApp, type TestApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { signUp } from '../../testing/sign-up';

// The whole recovery flow as a person lives it, with real mail: an in-process SMTP server receives the message and
// the test follows the link in it. The same run checks that the logs never carry a password, token or cookie.

const logLines: string[] = [];
let smtp: SmtpSink;
let database: Database;
let mailer: Mailer;
let app: TestApp['app'];
let deliverMail: TestApp['deliverMail'];

beforeAll(async () => {
  smtp = await startSmtpSink();
  const port = smtp.port;
  const logger = createLogger({ level: 'debug', destination: { write: (line) => logLines.push(line) } });
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Gota a Gota <no-responder@gotaagota.mx>',
    outboxDir: '/nonexistent',
    logger,
  });
  database = await testDatabase();
  ({ app, deliverMail } = testApp({ database, mailer, logger }));
});

afterAll(async () => {
  await mailer.close();
  await database.close();
  await smtp.close();
});

/** Undoes quoted-printable (soft line breaks and =XX), enough to read a link from a raw message. */
const unquote = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe(`recovery through SMTP on ${testDatabaseKind}`, () => {
  it('mails a link that resets the password, and logs no secret on the way', async () => {
    const email = `smtp.${Date.now()}@ejemplo.mx`;
    const original = 'contraseña de siempre';
    const fresh = 'contraseña recién estrenada';
    const browser = new Browser(app);
    await signUp(browser, email, original, { name: 'Rocío', lastName: 'Díaz' });
    const sid = browser.cookies.get('sid')!;
    const csrf = browser.token;

    expect((await new Browser(app).post('/recuperar-contrasena', { email })).status).toBe(200);
    await deliverMail();
    const recovery = smtp.received.map(unquote).find((raw) => /resetear-contrasena\//.test(raw));
    expect(recovery).toBeDefined();
    expect(recovery).toMatch(/Content-Type: text\/plain/);
    expect(recovery).toMatch(/Content-Type: text\/html/);
    const token = recovery!.match(/http:\/\/localhost:3000\/resetear-contrasena\/([A-Za-z0-9_-]{43})/)![1]!;

    const person = new Browser(app);
    const page = await person.get(`/resetear-contrasena/${token}`);
    expect(page.status).toBe(200);
    const reset = await person.post(`/resetear-contrasena/${token}`, { password: fresh, password_confirmation: fresh });
    expect(reset.status).toBe(200);
    await deliverMail();
    expect(smtp.received.some((raw) => /cambi/.test(unquote(raw)) && raw.includes(email))).toBe(true);

    expect((await new Browser(app).post('/login', { email, password: original })).status).toBe(422);
    expect((await new Browser(app).post('/login', { username: 'rocio.diaz', password: fresh })).status).toBe(200);

    const logs = logLines.join('\n');
    expect(logs).toContain('"path":"/resetear-contrasena/[redactado]"');
    for (const secret of [original, fresh, token, sid, csrf, 'argon2']) expect(logs).not.toContain(secret);
  });
});
