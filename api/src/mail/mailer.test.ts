import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createLogger } from '../logging/logger';
import { localOutboxMailer } from '../testing/local-mailer';
import { createMailer } from './mailer';
import { recoveryMail, welcomeMail } from './templates';

describe('the local outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file and logs one line with the link', async () => {
    const { mailer, outboxDir, lines } = localOutboxMailer({ logLinks: true });
    const link = 'http://localhost:3000/resetear-contrasena/abc';
    await mailer.send(recoveryMail({ to: 'ana@ejemplo.mx', link, minutes: 60 }));
    await mailer.close();

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: ana@ejemplo\.mx$/m);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ link, to: 'ana@ejemplo.mx', msg: 'correo guardado en el buzón local' });
  });

  it('stores the complete message SMTP would receive, and it reads back (#16 row 7)', async () => {
    const { mailer, outboxDir } = localOutboxMailer({ level: 'silent' });
    await mailer.send(welcomeMail({ to: 'ana@ejemplo.mx', username: 'ana.luna', loginUrl: 'https://gotaagota.mx/login' }));
    await mailer.close();
    const [file] = readdirSync(outboxDir);
    const raw = readFileSync(path.join(outboxDir, file!), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const headers = new Map(
      head
        .replace(/\r?\n[ \t]+/g, ' ')
        .split(/\r?\n/)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(headers.get('from')).toBe('Gota a Gota <no-responder@gotaagota.mx>');
    expect(headers.get('to')).toBe('ana@ejemplo.mx');
    expect(new Date(headers.get('date') ?? '').getTime()).not.toBeNaN();
    expect(headers.get('message-id')).toMatch(/^<[^@\s]+@[^>\s]+>$/);
    expect(headers.get('subject')).toMatch(/^=\?UTF-8\?|^Te damos la bienvenida/);
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative; boundary=/);
    const body = rest.join('\n\n');
    expect(body).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(body).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(body).toContain('ana.luna');
  });

  it('throws when the SMTP server cannot be reached (the outbox retries it)', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@y.mx',
      outboxDir: '/nonexistent',
      logger: createLogger({ level: 'silent' }),
    });
    await expect(mailer.send({ to: 'a@b.mx', subject: 'Prueba', text: 'hola', html: '<p>hola</p>' })).rejects.toThrow();
    await mailer.close();
  });

  it('never logs the link outside development, and production needs SMTP_URL (#12 row 10)', async () => {
    // every level on, and logLinks left at its default (off, as outside development)
    const { mailer, lines } = localOutboxMailer({ level: 'trace' });
    const link = 'https://gotaagota.mx/resetear-contrasena/secreto-de-prueba';
    await mailer.send(recoveryMail({ to: 'ana@ejemplo.mx', link, minutes: 60 }));
    await mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('secreto-de-prueba');

    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(() => loadEnv(production)).toThrow(/SMTP_URL: es obligatoria en producción/);
    expect(loadEnv({ ...production, SMTP_URL: 'smtp://correo.interno:587' }).SMTP_URL).toBe('smtp://correo.interno:587');
  });
});
