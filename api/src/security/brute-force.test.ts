import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { signUp } from '../testing/sign-up';

/**
 * The login brute-force table of issue #12's closing note, with the production limits (20 posts per IP and minute,
 * 5 failures per account and minute) and one trusted proxy hop. Prints the table and checks each figure.
 * Run alone: npx vitest run api/src/security/brute-force.test.ts
 */
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

let run = 0;
async function account(app: ReturnType<typeof testApp>['app']) {
  const email = `fuerza${++run}.${Date.now()}@ejemplo.mx`;
  const password = 'una frase larga de prueba';
  await signUp(new Browser(app), email, password, { name: 'Bruno', lastName: 'Fuerza' });
  const [user] = await database.use().select({ username: users.username }).from(users).where(eq(users.email, email));
  return { email, username: user!.username };
}

/** Wrong-password logins until the first 429 (at most 100): how many were answered before it. */
async function triesBefore429(
  app: ReturnType<typeof testApp>['app'],
  attempt: (i: number) => { body: Record<string, unknown>; forwardedFor: string },
) {
  for (let i = 0; i < 100; i++) {
    const { body, forwardedFor } = attempt(i);
    const res = await new Browser(app).post(
      '/login',
      { password: `intento ${i}`, ...body },
      { headers: { 'X-Forwarded-For': forwardedFor } },
    );
    if (res.status === 429) return i;
    expect(res.status).toBe(422);
  }
  return 100;
}

describe(`login brute force with the production limits on ${testDatabaseKind}`, () => {
  it('prints the table of tries before 429', async () => {
    const limits = { THROTTLE_IP_LIMIT: '20', THROTTLE_IDENTITY_LIMIT: '5', THROTTLE_WINDOW_SECONDS: '60', TRUST_PROXY: '1' };
    const rows: [string, number][] = [];
    let ip = 10;
    const nextIp = () => `203.0.113.${ip++}`;

    {
      const { app } = testApp({ database, env: limits });
      const { email } = await account(testApp({ database }).app);
      const from = nextIp();
      rows.push(['one account, one IP', await triesBefore429(app, () => ({ body: { email }, forwardedFor: from }))]);
    }
    {
      const { app } = testApp({ database, env: limits });
      const { email } = await account(testApp({ database }).app);
      const from = nextIp();
      rows.push([
        'one account, forged left part rotating, one trusted hop',
        await triesBefore429(app, (i) => ({ body: { email }, forwardedFor: `100.64.0.${i + 1}, ${from}` })),
      ]);
    }
    {
      const { app } = testApp({ database, env: limits });
      const { email, username } = await account(testApp({ database }).app);
      const from = nextIp();
      rows.push([
        'one account, email and username alternating, one IP',
        await triesBefore429(app, (i) => ({ body: i % 2 ? { username } : { email }, forwardedFor: from })),
      ]);
    }
    {
      const { app } = testApp({ database, env: limits });
      const from = nextIp();
      rows.push([
        'a different account each try, forged left part rotating',
        await triesBefore429(app, (i) => ({
          body: { email: `otro${i}.${run}@ejemplo.mx` },
          forwardedFor: `100.64.1.${i + 1}, ${from}`,
        })),
      ]);
    }
    {
      const { app } = testApp({ database, env: limits });
      const { email } = await account(testApp({ database }).app);
      // what a client reaching the API directly (no proxy) could do: a new real address per try; only the account limit holds
      rows.push([
        'one account, a new real address each try',
        await triesBefore429(app, () => ({ body: { email }, forwardedFor: nextIp() })),
      ]);
    }

    console.log(
      ['', '| attempt | tries before 429 |', '|---|---|', ...rows.map(([label, tries]) => `| ${label} | ${tries} |`)].join('\n'),
    );
    expect(rows.map(([, tries]) => tries)).toEqual([5, 5, 5, 20, 5]);
  });
});
