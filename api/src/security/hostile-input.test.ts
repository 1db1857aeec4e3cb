import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { leads, passwordResetTokens, sessions, users } from '../db/schema';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';

// Every POST against the hostile-input table of issue #3: each row must get a 4xx with a Spanish message — never a
// 5xx — and leave every table as it was.

let database: Database;
let app: ReturnType<typeof testApp>['app'];
let small: ReturnType<typeof testApp>['app'];

beforeAll(async () => {
  database = await testDatabase();
  // a large body limit so that 100 KB strings reach validation; `small` keeps the default to prove the 413
  ({ app } = testApp({ database, env: { BODY_LIMIT: String(1024 * 1024) } }));
  ({ app: small } = testApp({ database }));
});
afterAll(() => database.close());

const token = 'A'.repeat(43);
const endpoints: { path: string; valid: Record<string, unknown> }[] = [
  { path: '/login', valid: { email: 'ana@ejemplo.mx', password: 'contraseña segura', remember: true } },
  {
    path: '/registro',
    valid: {
      name: 'Ana',
      last_name: 'Ruiz',
      email: 'ana@ejemplo.mx',
      password: 'contraseña segura',
      password_confirmation: 'contraseña segura',
    },
  },
  { path: '/recuperar-contrasena', valid: { email: 'ana@ejemplo.mx' } },
  { path: `/resetear-contrasena/${token}`, valid: { password: 'contraseña segura', password_confirmation: 'contraseña segura' } },
  { path: '/contacto-empresa', valid: { empresa: 'Aguas S.A.', name: 'Ana', email: 'ana@ejemplo.mx', mensaje: 'Hola' } },
  { path: '/contacto-empresa', valid: { name: 'Ana', lastName: 'Ruiz', email: 'ana@ejemplo.mx' } },
];

const sqlInjection = "ana@ejemplo.mx' OR '1'='1'; DROP TABLE users; --";
const htmlInjection = '<img src=x onerror="alert(1)">@ejemplo.mx';
const hostileValues: [string, unknown][] = [
  ['a number', 12345],
  ['a boolean', true],
  ['an object', { $gt: '' }],
  ['an array', ['a', 'b']],
  ['null', null],
  ['an empty string', ''],
  ['a 100 KB string', 'x'.repeat(100 * 1024)],
  ['a NUL byte', 'Ana\u0000Ruiz'],
  ['a lone surrogate', 'Ana\uD800'],
  ['control characters', 'Ana\u0007\u001B[31m'],
];

interface Row {
  name: string;
  send: (browser: Browser, path: string, valid: Record<string, unknown>) => Promise<Response>;
}

const json =
  (body: unknown): Row['send'] =>
  (browser, path) =>
    browser.post(path, body);
const rows: Row[] = [
  { name: 'malformed JSON', send: (browser, path) => browser.post(path, '{"email": "ana@ejemplo.mx", ') },
  { name: 'an empty body', send: (browser, path) => browser.post(path, '') },
  { name: 'a JSON array', send: json([1, 2, 3]) },
  { name: 'JSON null', send: json(null) },
  { name: 'a JSON string', send: json('hola') },
  { name: 'missing fields', send: json({}) },
  {
    // the account forms read a form too (decision 043), and judge it by the same schema: a bad address is their 422
    name: 'a form content type, with an address that is none',
    send: (browser, path) =>
      browser.post(path, 'email=ana%20en%20ejemplo.mx', {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
      }),
  },
  {
    name: 'text/plain',
    send: (browser, path) => browser.post(path, '{}', { headers: { 'Content-Type': 'text/plain', Origin: 'http://localhost' } }),
  },
  {
    name: 'XML',
    send: (browser, path) =>
      browser.post(path, '<a/>', { headers: { 'Content-Type': 'application/xml', Origin: 'http://localhost' } }),
  },
  ...hostileValues.map(([label, value]): Row => ({
    name: `${label} in every field`,
    send: (browser, path, valid) => browser.post(path, Object.fromEntries(Object.keys(valid).map((key) => [key, value]))),
  })),
  ...hostileValues.map(([label, value]): Row => ({
    name: `${label} in the first field only`,
    send: (browser, path, valid) => {
      const [first] = Object.keys(valid);
      return browser.post(path, { ...valid, [first!]: value });
    },
  })),
  { name: 'SQL injection in the email', send: (browser, path, valid) => browser.post(path, { ...valid, email: sqlInjection }) },
  { name: 'HTML injection in the email', send: (browser, path, valid) => browser.post(path, { ...valid, email: htmlInjection }) },
  {
    name: 'unicode look-alikes in the email',
    send: (browser, path, valid) => browser.post(path, { ...valid, email: 'аna@ejеmplo.mx\u200B' }),
  },
];

async function counts() {
  const db = database.use();
  const count = async (table: typeof users | typeof sessions | typeof passwordResetTokens | typeof leads) =>
    Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n ?? 0);
  return {
    users: await count(users),
    sessions: await count(sessions),
    tokens: await count(passwordResetTokens),
    leads: await count(leads),
  };
}

describe(`hostile input on ${testDatabaseKind}`, () => {
  for (const { path, valid } of endpoints) {
    const label = `${path} (${Object.keys(valid).join(', ')})`;
    it(`${label}: every row is a clear 4xx and stores nothing`, async () => {
      const before = await counts();
      const browser = new Browser(app);
      for (const row of rows) {
        // the login form sends no format rules: an odd email there is the generic credentials 422, still a 4xx
        const res = await row.send(browser, path, valid);
        expect(res.status, `${row.name} → ${res.status}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${row.name} → ${res.status}`).toBeLessThan(500);
        const body = (await res.json()) as { message?: unknown };
        expect(typeof body.message === 'string' && body.message.length > 0, row.name).toBe(true);
        expect(body.message, row.name).not.toMatch(/Invalid input|expected|undefined|Error:/);
      }
      expect(await counts()).toEqual(before);
    });

    it(`${label}: an oversize body is a 413`, async () => {
      const before = await counts();
      const res = await new Browser(small).post(path, { ...valid, relleno: 'x'.repeat(200 * 1024) });
      expect(res.status).toBe(413);
      expect(await counts()).toEqual(before);
    });
  }

  it('/logout ignores any body and never fails', async () => {
    const browser = new Browser(app);
    for (const row of rows) expect((await row.send(browser, '/logout', {})).status, row.name).toBeLessThan(500);
  });

  it('stores SQL, HTML and unicode that are valid text verbatim, as data', async () => {
    const name = "Robert'); DROP TABLE users;-- <b>👩🏽‍🌾 Ñandú ‏עברית</b>";
    const res = await new Browser(app).post('/contacto-empresa', {
      name,
      lastName: 'Ｏ\u0301',
      email: 'bobby.tables@ejemplo.mx',
    });
    expect(res.status).toBe(201);
    const [row] = await database
      .use()
      .select()
      .from(leads)
      .where(sql`${leads.email} = 'bobby.tables@ejemplo.mx'`);
    expect(row?.name).toBe(name);
    expect((await counts()).users).toBeGreaterThanOrEqual(0);
  });
});
