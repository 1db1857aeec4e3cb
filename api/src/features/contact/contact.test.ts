import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfMismatchMessage, honeypotField } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { leads } from '../../db/schema';
import { Browser } from '../../testing/browser';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

let counter = 0;
const uniqueEmail = () => `contacto${++counter}.${Date.now()}@ejemplo.mx`;
const company = (overrides: Record<string, unknown> = {}) => ({
  empresa: 'Aguas del Valle S.A. de C.V.',
  name: 'Sofía Ramírez',
  email: uniqueEmail(),
  mensaje: 'Queremos sumarnos a la campaña.\nTenemos 3 plantas en Jalisco.',
  ...overrides,
});
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Diego',
  lastName: 'Hernández',
  email: uniqueEmail(),
  ...overrides,
});

async function stored(email: string) {
  const db = database.use();
  return (await db.select().from(leads).where(eq(leads.email, email.toLowerCase()))).length;
}

describe(`POST /contacto-empresa on ${testDatabaseKind}`, () => {
  it('stores a contact registration and notifies CONTACT_NOTIFY_TO', async () => {
    const { app, deliverMail } = testApp({ database, env: { CONTACT_NOTIFY_TO: 'equipo@gotaagota.mx' } });
    const data = registration({ email: ` ${uniqueEmail().toUpperCase()} ` });
    const res = await new Browser(app).post('/contacto-empresa', data);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: '¡Registro enviado exitosamente!' });
    const email = String(data.email).trim().toLowerCase();
    const [row] = await database.use().select().from(leads).where(eq(leads.email, email));
    expect(row).toMatchObject({ kind: 'registro', name: 'Diego', lastName: 'Hernández', status: 'nuevo' });
    const sent = await deliverMail();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'equipo@gotaagota.mx' });
    expect(sent[0]!.text).toContain('Hernández');
  });

  it('stores a company message and notifies', async () => {
    const { app, deliverMail } = testApp({ database, env: { CONTACT_NOTIFY_TO: 'equipo@gotaagota.mx' } });
    const data = company({ mensaje: '<script>alert("hola")</script>' });
    const res = await new Browser(app).post('/contacto-empresa', data);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Mensaje enviado con éxito.' });
    const [row] = await database.use().select().from(leads).where(eq(leads.email, data.email));
    expect(row).toMatchObject({ kind: 'empresa', empresa: data.empresa, name: data.name, mensaje: data.mensaje });
    const [mail] = await deliverMail();
    expect(mail!.subject).toContain('Aguas del Valle');
    // the notification's HTML shows the message as text, never as markup
    expect(mail!.html).toContain('&lt;script&gt;');
    expect(mail!.html).not.toContain('<script>');
  });

  it('validates the company form with the exact messages of product §5', async () => {
    const { app } = testApp({ database });
    const empty = await new Browser(app).post('/contacto-empresa', { empresa: '', name: '', email: '', mensaje: '' });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { errors: object }).errors).toEqual({
      empresa: ['La empresa es obligatoria'],
      name: ['El nombre es obligatorio'],
      email: ['El correo es obligatorio'],
      mensaje: ['El mensaje es obligatorio'],
    });
    const long = await new Browser(app).post(
      '/contacto-empresa',
      company({ empresa: 'e'.repeat(256), name: 'n'.repeat(256), email: 'correo-sin-arroba', mensaje: 'm'.repeat(1001) }),
    );
    expect(((await long.json()) as { errors: object }).errors).toEqual({
      empresa: ['Máximo 255 caracteres'],
      name: ['Máximo 255 caracteres'],
      email: ['Correo electrónico inválido'],
      mensaje: ['Máximo 1000 caracteres'],
    });
    const longEmail = await new Browser(app).post('/contacto-empresa', company({ email: `${'a'.repeat(251)}@b.mx` }));
    expect(((await longEmail.json()) as { errors: object }).errors).toEqual({ email: ['Máximo 255 caracteres'] });
  });

  it('validates the registration with Spanish messages', async () => {
    const { app } = testApp({ database });
    const res = await new Browser(app).post('/contacto-empresa', { name: ' ', email: 'x@' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: object }).errors).toEqual({
      name: ['El nombre es obligatorio'],
      lastName: ['El apellido es obligatorio'],
      email: ['Correo electrónico inválido'],
    });
  });

  it('gives a bot that fills the hidden field a normal success and stores and sends nothing', async () => {
    const { app, deliverMail } = testApp({ database, env: { CONTACT_NOTIFY_TO: 'equipo@gotaagota.mx' } });
    for (const data of [company({ [honeypotField]: 'https://spam.example' }), registration({ [honeypotField]: 'x' })]) {
      const res = await new Browser(app).post('/contacto-empresa', data);
      expect(res.status).toBe(201);
      expect(await stored(String(data.email))).toBe(0);
    }
    expect(await deliverMail()).toHaveLength(0);
  });

  it('treats a form sent sooner than MIN_FILL_MS after the dialog asked for its token as a bot', async () => {
    const { app } = testApp({ database, env: { MIN_FILL_MS: '60000' } });
    const fast = company();
    const bot = new Browser(app);
    await bot.ticket();
    const res = await bot.post('/contacto-empresa', fast);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Mensaje enviado con éxito.' });
    expect(await stored(fast.email)).toBe(0);

    const { app: patient } = testApp({ database, env: { MIN_FILL_MS: '50' } });
    const browser = new Browser(patient);
    await browser.ticket();
    await new Promise((resolve) => setTimeout(resolve, 80));
    const human = company();
    // a mistake first: the 422 does not renew the token, so the quick corrected send still counts as a person
    const mistake = await browser.post('/contacto-empresa', { ...human, email: 'sin-arroba' });
    expect(mistake.status).toBe(422);
    expect(mistake.headers.get('X-CSRF-TOKEN')).toBeNull();
    expect((await browser.post('/contacto-empresa', human)).status).toBe(201);
    expect(await stored(human.email)).toBe(1);
  });

  it('asks to reload a form sent with no token the server signed, when there is a fill time to measure (decision 040)', async () => {
    const { app } = testApp({ database, env: { MIN_FILL_MS: '50' } });
    const browser = new Browser(app);
    browser.fillToken(); // the page's double-submit value: a script could send it without ever loading a page
    await new Promise((resolve) => setTimeout(resolve, 80));
    const data = company();
    const res = await browser.post('/contacto-empresa', data);
    expect(res.status).toBe(419);
    expect(await res.json()).toEqual({ message: csrfMismatchMessage });
    expect(await stored(data.email)).toBe(0);
  });

  // one cooldown per form (the registration's is issue #12 row 16), counted apart so that one form does not hold the
  // other back
  it.each([
    { form: 'company messages', send: company, otherForm: registration },
    { form: 'contact registrations (#12 row 16)', send: registration, otherForm: company },
  ])('makes a client wait 60 s between $form (429, Retry-After, the spec’s message)', async ({ send, otherForm }) => {
    const { app } = testApp({ database, env: { CONTACT_COOLDOWN_SECONDS: '60' } });
    const browser = new Browser(app);
    expect((await browser.post('/contacto-empresa', send())).status).toBe(201);
    const second = send();
    const res = await browser.post('/contacto-empresa', second);
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await res.json()).toEqual({ message: `Debes esperar ${wait} segundos para volver a enviar el formulario.` });
    expect(await stored(second.email)).toBe(0);
    // another client, and the other form, are not held back
    expect((await new Browser(app).post('/contacto-empresa', send())).status).toBe(201);
    expect((await browser.post('/contacto-empresa', otherForm())).status).toBe(201);
  });

  it('throttles per IP and per email with 429 and Retry-After', async () => {
    const { app } = testApp({ database, env: { THROTTLE_IP_LIMIT: '2', THROTTLE_IDENTITY_LIMIT: '3' } });
    const browser = new Browser(app);
    expect((await browser.post('/contacto-empresa', registration())).status).toBe(201);
    expect((await browser.post('/contacto-empresa', registration())).status).toBe(201);
    const third = await browser.post('/contacto-empresa', registration());
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await third.json()).toEqual({ message: 'Demasiados intentos, espera un minuto' });

    const email = uniqueEmail();
    for (let i = 0; i < 3; i++)
      expect((await new Browser(app).post('/contacto-empresa', registration({ email }))).status).toBe(201);
    expect((await new Browser(app).post('/contacto-empresa', registration({ email }))).status).toBe(429);
  });
});
