import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { Browser } from '../../testing/browser';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { signUp } from '../../testing/sign-up';

let database: Database;
let app: ReturnType<typeof testApp>['app'];
let signedIn: Browser;
const root = mkdtempSync(path.join(tmpdir(), 'gota-storage-'));
const privateDir = path.join(root, 'private');

let ownDir = '';

beforeAll(async () => {
  database = await testDatabase();
  ({ app } = testApp({ database, env: { PRIVATE_DIR: privateDir } }));
  signedIn = new Browser(app);
  const password = 'contraseña de archivo';
  const email = `archivos.${Date.now()}@ejemplo.mx`;
  await signUp(signedIn, email, password, { name: 'Eva', lastName: 'Luna' });
  const [user] = await database.use().select({ id: users.id }).from(users).where(eq(users.email, email));

  // each account's files live in a folder named by its id
  ownDir = path.join(privateDir, user!.id);
  mkdirSync(path.join(ownDir, 'informes'), { recursive: true });
  writeFileSync(path.join(ownDir, 'informes', 'reporte 2025.pdf'), '%PDF-1.4 reporte');
  writeFileSync(path.join(ownDir, 'nota.txt'), 'nota privada');
  writeFileSync(path.join(ownDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  writeFileSync(path.join(root, 'secreto.txt'), 'fuera de la carpeta');
  symlinkSync(path.join(root, 'secreto.txt'), path.join(ownDir, 'enlace.txt'));
  symlinkSync(root, path.join(ownDir, 'arriba'));
  mkdirSync(path.join(ownDir, '%2e%2e'));
  writeFileSync(path.join(ownDir, '%2e%2e', 'literal.txt'), 'nombre literal');
  writeFileSync(path.join(privateDir, 'suelto.txt'), 'de nadie');
});
afterAll(() => database.close());

const fileUrl = (file: string) => `/private/storage?file=${encodeURIComponent(file)}`;

describe(`GET /private/storage on ${testDatabaseKind}`, () => {
  it('answers 401 in Spanish to an anonymous visitor', async () => {
    const res = await new Browser(app).get(fileUrl('/nota.txt'));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Inicia sesión para ver este archivo.' });
  });

  it('serves a file of the private folder to a signed-in visitor', async () => {
    const res = await signedIn.get(fileUrl('/informes/reporte 2025.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Content-Disposition')).toBe("inline; filename*=UTF-8''reporte%202025.pdf");
    expect(await res.text()).toBe('%PDF-1.4 reporte');
    // a literal «%2e%2e» folder is just a name: nothing is decoded twice
    expect(await (await signedIn.get(fileUrl('/%2e%2e/literal.txt'))).text()).toBe('nombre literal');
  });

  it('serves each account only its own folder (#12 row 19)', async () => {
    const other = new Browser(app);
    const password = 'otra contraseña de archivo';
    const res = await other.post('/registro', {
      name: 'Iván',
      last_name: 'Sol',
      email: `otro.${Date.now()}@ejemplo.mx`,
      password,
      password_confirmation: password,
    });
    expect(res.status).toBe(201);
    for (const file of ['/nota.txt', '/informes/reporte 2025.pdf', `/../${path.basename(ownDir)}/nota.txt`, '/suelto.txt']) {
      const answer = await other.get(fileUrl(file));
      expect(answer.status, file).toBe(404);
      expect(await answer.text(), file).not.toMatch(/nota privada|reporte|de nadie/);
    }
    // files outside every account's folder are nobody's
    expect((await signedIn.get(fileUrl('/suelto.txt'))).status).toBe(404);
  });

  it('downloads SVG instead of rendering it', async () => {
    const res = await signedIn.get(fileUrl('/logo.svg'));
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment/);
  });

  it('never reads outside the folder', async () => {
    const attempts = [
      '/../secreto.txt',
      '../secreto.txt',
      '/informes/../../secreto.txt',
      '/..%2fsecreto.txt',
      '%2e%2e%2fsecreto.txt',
      '/%252e%252e/secreto.txt',
      path.join(root, 'secreto.txt'),
      '/etc/passwd',
      '/enlace.txt',
      '/arriba/secreto.txt',
      '/nota.txt\u0000.pdf',
      '\\..\\secreto.txt',
      '/informes',
      '/',
      '/no-existe.txt',
    ];
    for (const file of attempts) {
      const res = await signedIn.get(fileUrl(file));
      expect([400, 404], file).toContain(res.status);
      expect(await res.text(), file).not.toContain('fuera de la carpeta');
    }
    // the raw, unencoded forms of the query too
    for (const raw of [
      '/private/storage?file=/../secreto.txt',
      '/private/storage?file=%2F..%2Fsecreto.txt',
      '/private/storage?file=/%2e%2e/secreto.txt',
    ]) {
      const res = await signedIn.get(raw);
      expect(res.status, raw).toBe(404);
    }
    expect((await signedIn.get('/private/storage')).status).toBe(400);
  });

  it('asks for the file in Spanish when ?file= is missing or empty, reads the first of a repeated one, and asks to sign in first', async () => {
    for (const query of ['', '?file=', '?archivo=/nota.txt']) {
      const res = await signedIn.get(`/private/storage${query}`);
      expect({ query, status: res.status, body: await res.json() }).toEqual({
        query,
        status: 400,
        body: { message: 'Indica el archivo con ?file=/ruta.' },
      });
    }
    const first = await signedIn.get('/private/storage?file=/nota.txt&file=/no-existe.txt');
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('nota privada');
    const anonymous = await new Browser(app).get('/private/storage');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('Cache-Control')).toBe('private, no-store');
  });
});
