import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { Database } from '../../db/database';
import { Browser } from '../../testing/browser';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { safeReturnPath } from '@gota/shared/schemas';
import { enrolIfOnTeam } from '../../testing/second-factor';
import type { AppEnv } from '../../types';

const staffEmail = `equipo${Date.now()}@gotaagota.mx`;
let database: Database;
let app: Hono<AppEnv>;
beforeAll(async () => {
  database = await testDatabase();
  ({ app } = testApp({ database, env: { STAFF_EMAILS: ` otra@ejemplo.mx , ${staffEmail.toUpperCase()} ` } }));
});
afterAll(() => database.close());

let counter = 0;
async function signedUp(email: string) {
  const browser = new Browser(app);
  const res = await browser.post('/registro', {
    name: 'Marta',
    last_name: 'Quiroz',
    email,
    password: 'un río que nunca se seca 2026',
    password_confirmation: 'un río que nunca se seca 2026',
  });
  expect(res.status).toBe(201);
  await enrolIfOnTeam(browser);
  return browser;
}
const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };

describe(`the inbox is for staff only, on ${testDatabaseKind}`, () => {
  it('sends an anonymous visitor to sign in and back, and never lets the answer be stored', async () => {
    const res = await new Browser(app).get('/panel?q=acci%C3%B3n&tipo=empresa');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?volver=%2Fpanel%3Fq%3Dacci%25C3%25B3n%26tipo%3Dempresa');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const navigation = await new Browser(app).get('/panel/mensajes/abc', inertia);
    expect(navigation.status).toBe(409);
    expect(navigation.headers.get('X-Inertia-Location')).toBe('/login?volver=%2Fpanel%2Fmensajes%2Fabc');
  });

  it('answers 403 with a Spanish page to a signed-in visitor who is not staff, and 403 JSON to its actions', async () => {
    const browser = await signedUp(`visitante${++counter}.${Date.now()}@ejemplo.mx`);
    const page = await browser.get('/panel', inertia);
    expect(page.status).toBe(403);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const body = (await page.json()) as { component: string; props: { auth: { user: { staff: boolean } } } };
    expect(body.component).toBe('Panel/SinAcceso');
    expect(body.props.auth.user.staff).toBe(false);
    const csv = await browser.get('/panel/exportar.csv');
    expect(csv.status).toBe(403);
    expect(await csv.json()).toEqual({ message: 'Tu cuenta no forma parte del equipo de campaña.' });
  });

  it('gives an account listed in STAFF_EMAILS the inbox and the administration, whatever the case it was written in', async () => {
    const browser = await signedUp(staffEmail);
    const home = await browser.get('/', inertia);
    const body = (await home.json()) as { props: { auth: { user: { staff: boolean; roles: string[] } } } };
    expect(body.props.auth.user).toMatchObject({ staff: true, roles: ['administrador', 'bandeja'] });
  });
});

describe('safeReturnPath', () => {
  it('keeps paths of this site and refuses anything a browser would read as another site', () => {
    expect(safeReturnPath('/panel?q=agua')).toBe('/panel?q=agua');
    expect(safeReturnPath('//malo.example/panel')).toBeNull();
    expect(safeReturnPath('/\\malo.example')).toBeNull();
    expect(safeReturnPath('https://malo.example')).toBeNull();
    expect(safeReturnPath('/panel\r\nSet-Cookie: x=1')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
  });
});
