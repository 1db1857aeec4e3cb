import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { emailMessages, leadMessages, passwordMessages } from '@gota/shared/contracts';
import type { Database } from '../db/database';
import { leads } from '../db/schema';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { enrolAuthenticatorApp } from '../testing/second-factor';
import type { AppEnv } from '../types';
import { signUp } from '../testing/sign-up';

// What a body that cannot be read, and a form that does not validate, answer on every endpoint that takes one
// (architecture §4): the envelope's 415, 400 and 422 in Spanish, and the order of the steps around validation.

const password = 'un río que nunca se seca 2026';
const staffEmail = `validacion.${Date.now()}@gotaagota.mx`;
let database: Database;
let app: Hono<AppEnv>;
let staff: Browser;
let leadId = '';

beforeAll(async () => {
  database = await testDatabase();
  ({ app } = testApp({ database, env: { STAFF_EMAILS: staffEmail } }));
  staff = new Browser(app);
  await signUp(staff, staffEmail, password, { name: 'Vera', lastName: 'Campaña' });
  await enrolAuthenticatorApp(staff);
  const [row] = await database
    .use()
    .insert(leads)
    .values({ kind: 'registro', name: 'Ana', lastName: 'Ruiz', email: 'ana@ejemplo.mx' })
    .returning({ id: leads.id });
  leadId = row!.id;
});
afterAll(() => database.close());

const messages = {
  contentType: 'Envía los datos como JSON (Content-Type: application/json).',
  contentTypeOrForm:
    'Envía los datos como JSON (Content-Type: application/json) o como formulario (application/x-www-form-urlencoded).',
  malformed: 'El cuerpo de la solicitud no es JSON válido.',
  notObject: 'Envía un objeto JSON con los campos del formulario.',
};

/**
 * An endpoint that reads a JSON body, who may post to it, the 422 an empty object gets there, and whether it also
 * reads the urlencoded form a browser posts without JavaScript (decision 043).
 */
interface Endpoint {
  name: string;
  path: () => string;
  browser: () => Browser;
  empty: { message: string; errors: Record<string, string[]> };
  form: boolean;
}

/** A visitor's form (a browser of its own, no session): `path` is its name too unless it holds a parameter. */
const visitorForm = (path: string, empty: Endpoint['empty'], { form = true, name = path } = {}): Endpoint => ({
  name,
  form,
  path: () => path,
  browser: () => new Browser(app),
  empty,
});

/** Every endpoint that reads a JSON body. */
const endpoints: Endpoint[] = [
  visitorForm('/login', { message: passwordMessages.required, errors: { password: [passwordMessages.required] } }),
  visitorForm('/registro', {
    message: 'El nombre es obligatorio',
    errors: {
      name: ['El nombre es obligatorio'],
      last_name: ['El apellido es obligatorio'],
      email: [emailMessages.required],
      password: [passwordMessages.required],
      password_confirmation: [passwordMessages.confirmationRequired],
    },
  }),
  visitorForm('/recuperar-contrasena', { message: emailMessages.required, errors: { email: [emailMessages.required] } }),
  visitorForm(
    `/resetear-contrasena/${'A'.repeat(43)}`,
    {
      message: passwordMessages.required,
      errors: { password: [passwordMessages.required], password_confirmation: [passwordMessages.confirmationRequired] },
    },
    { name: '/resetear-contrasena/{token}' },
  ),
  visitorForm(
    '/contacto-empresa',
    {
      message: 'El nombre es obligatorio',
      errors: { name: ['El nombre es obligatorio'], lastName: ['El apellido es obligatorio'], email: [emailMessages.required] },
    },
    { form: false },
  ),
  {
    name: '/panel/mensajes/{id}/estado',
    form: true,
    path: () => `/panel/mensajes/${leadId}/estado`,
    browser: () => staff,
    empty: { message: leadMessages.invalidStatus, errors: { estado: [leadMessages.invalidStatus] } },
  },
];

const withType = (type: string) => ({ headers: { 'Content-Type': type, Origin: 'http://localhost' } });

describe(`a body that cannot be read or does not validate, on ${testDatabaseKind}`, () => {
  it.each(endpoints)(
    '$name: 415 for another type, 400 for broken JSON, 422 for JSON that is not an object or misses its fields',
    async ({ path, browser, empty, form }) => {
      const answers: [string, unknown][] = [];
      const record = async (res: Response) => answers.push([String(res.status), await res.json()]);
      const client = browser();
      await record(await client.post(path(), '{}', withType('text/plain')));
      // an empty form: judged by the schema where a browser may post one without JavaScript, refused elsewhere
      await record(await client.post(path(), '', withType('application/x-www-form-urlencoded')));
      await record(await client.post(path(), '{}', withType('application/problem+json')));
      await record(await client.post(path(), '', {}));
      await record(await client.post(path(), '{"email": ', {}));
      await record(await client.post(path(), [1, 2], {}));
      await record(await client.post(path(), 'null', {}));
      await record(await client.post(path(), '"hola"', {}));
      await record(await client.post(path(), {}, {}));
      await record(await client.post(path(), '{}', withType('Application/JSON; charset=utf-8')));
      const wrongType = form ? messages.contentTypeOrForm : messages.contentType;
      expect(answers).toEqual([
        ['415', { message: wrongType }],
        form ? ['422', empty] : ['415', { message: messages.contentType }],
        ['415', { message: wrongType }],
        ['400', { message: messages.malformed }],
        ['400', { message: messages.malformed }],
        ['422', { message: messages.notObject, errors: {} }],
        ['422', { message: messages.notObject, errors: {} }],
        ['422', { message: messages.notObject, errors: {} }],
        ['422', empty],
        ['422', empty],
      ]);
    },
  );

  it('counts a post that cannot be read against the per-IP limit: the throttle comes first', async () => {
    const { app: limited } = testApp({ database, env: { THROTTLE_IP_LIMIT: '2' } });
    const browser = new Browser(limited);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await browser.post('/recuperar-contrasena', '{roto', {})).status);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('counts an address against its own limit only once the form validates', async () => {
    const { app: limited } = testApp({ database, env: { THROTTLE_IDENTITY_LIMIT: '1' } });
    const email = `limite.${Date.now()}@ejemplo.mx`;
    const form = { name: 'Lía', last_name: 'Soto', email, password, password_confirmation: password };
    const refused = [];
    for (let i = 0; i < 3; i++)
      refused.push((await new Browser(limited).post('/registro', { ...form, password_confirmation: 'otra cosa' })).status);
    expect(refused).toEqual([422, 422, 422]);
    // a first counted attempt goes through, whatever the case the address is typed in; the second is over the limit
    expect((await new Browser(limited).post('/registro', { ...form, email: email.toUpperCase() })).status).toBe(201);
    expect((await new Browser(limited).post('/registro', form)).status).toBe(429);
  });

  it('refuses a contact form that does not validate before asking whether a bot sent it', async () => {
    const before = await database.use().select().from(leads);
    const res = await new Browser(app).post('/contacto-empresa', {
      empresa: 'Aguas',
      name: 'Ana',
      email: 'no es correo',
      mensaje: 'Hola',
      sitio_web: 'http://bot.example',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: emailMessages.invalid, errors: { email: [emailMessages.invalid] } });
    expect(await database.use().select().from(leads)).toEqual(before);
  });

  it('looks at a lead id before the body: an unknown lead is a 404 whatever was sent', async () => {
    for (const body of ['{roto', '[]', '{"estado": "borrado"}']) {
      const res = await staff.post('/panel/mensajes/abc/estado', body, {});
      expect({ body, status: res.status, answer: await res.json() }).toEqual({
        body,
        status: 404,
        answer: { message: leadMessages.notFound },
      });
    }
    const text = await staff.post('/panel/mensajes/abc/estado', '{}', withType('text/plain'));
    expect(text.status).toBe(404);
  });
});
