import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { idempotencyKeys, leads } from '../db/schema';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';
import { secondPostgresDatabase, testDatabase, testDatabaseKind } from '../testing/test-database';
import { idempotencyMessages } from './idempotency';

// Issue #15 row 3: a retry after a lost answer, on the same or another instance, stores nothing new.

let database: Database;
let other: Database;
beforeAll(async () => {
  database = await testDatabase();
  // a second instance: its own pool on PostgreSQL; on PGlite (one process) the same database
  other = testDatabaseKind === 'postgres' ? await secondPostgresDatabase() : database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
});

let n = 0;
const newKey = () => `clave-${Date.now()}-${++n}-abcdefgh`;
const company = (email: string) => ({ empresa: 'Aguas del Valle', name: 'Sofía', email, mensaje: 'Queremos sumarnos.' });
const messagesFrom = async (email: string) => (await database.use().select().from(leads).where(eq(leads.email, email))).length;

describe(`Idempotency-Key on form posts (${testDatabaseKind})`, () => {
  it('the same key answers the first answer again, on another instance too, and stores once', async () => {
    const { app: a } = testApp({ database });
    const { app: b } = testApp({ database: other });
    const browser = new Browser(a);
    const email = `idem.${Date.now()}@ejemplo.mx`;
    const key = newKey();
    const first = await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const firstBody = await first.json();

    // the retry goes to the other instance, as a balancer retrying a POST would
    const onB = new Browser(b, browser.ip);
    for (const [name, value] of browser.cookies) onB.cookies.set(name, value);
    onB.token = browser.token;
    for (const target of [onB, browser]) {
      const again = await target.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } });
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual(firstBody);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    }
    expect(await messagesFrom(email)).toBe(1);

    // without a key (or with a new one) it is a new message
    expect((await browser.post('/contacto-empresa', company(email))).status).toBe(201);
    expect((await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': newKey() } })).status).toBe(
      201,
    );
    expect(await messagesFrom(email)).toBe(3);
  });

  it('two requests with one key at the same time store once and both answer 201', async () => {
    const { app: a } = testApp({ database });
    const { app: b } = testApp({ database: other });
    const browser = new Browser(a);
    await browser.get('/login');
    const onB = new Browser(b, browser.ip);
    for (const [name, value] of browser.cookies) onB.cookies.set(name, value);
    onB.token = browser.token;
    const email = `simultaneo.${Date.now()}@ejemplo.mx`;
    const key = newKey();
    const answers = await Promise.all(
      [browser, onB, browser, onB].map((target) =>
        target.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect(await messagesFrom(email)).toBe(1);
  });

  it('covers contact registrations too', async () => {
    const { app } = testApp({ database });
    const browser = new Browser(app);
    const email = `registro.idem.${Date.now()}@ejemplo.mx`;
    const key = newKey();
    for (let i = 0; i < 3; i++) {
      const res = await browser.post(
        '/contacto-empresa',
        { name: 'Diego', lastName: 'Ruiz', email },
        { headers: { 'Idempotency-Key': key } },
      );
      expect(res.status).toBe(201);
    }
    expect((await database.use().select().from(leads).where(eq(leads.email, email))).length).toBe(1);
  });

  it('refuses a malformed key (400) and the same key with another body (422), in Spanish, storing nothing', async () => {
    const { app } = testApp({ database });
    const browser = new Browser(app);
    const email = `otra.${Date.now()}@ejemplo.mx`;
    const bad = await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': 'corta' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: idempotencyMessages.invalidKey });
    const key = newKey();
    expect((await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } })).status).toBe(201);
    const other = await browser.post(
      '/contacto-empresa',
      { ...company(email), mensaje: 'Otro mensaje' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ message: idempotencyMessages.reused });
    expect(await messagesFrom(email)).toBe(1);
  });

  it('does not record failures: a 422 retried with the same key runs again', async () => {
    const { app } = testApp({ database });
    const browser = new Browser(app);
    const key = newKey();
    const invalid = await browser.post('/contacto-empresa', company('sin-arroba'), { headers: { 'Idempotency-Key': key } });
    expect(invalid.status).toBe(422);
    const retried = await browser.post('/contacto-empresa', company('sin-arroba'), { headers: { 'Idempotency-Key': key } });
    expect(retried.status).toBe(422);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('forgets a key after 24 hours', async () => {
    const { app } = testApp({ database });
    const browser = new Browser(app);
    const email = `vieja.${Date.now()}@ejemplo.mx`;
    const key = newKey();
    expect((await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } })).status).toBe(201);
    await database
      .use()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` });
    const later = await browser.post('/contacto-empresa', company(email), { headers: { 'Idempotency-Key': key } });
    expect(later.status).toBe(201);
    expect(later.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await messagesFrom(email)).toBe(2);
  });
});
