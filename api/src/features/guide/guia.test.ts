import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuiaPageProps } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { Browser } from '../../testing/browser';
import { testApp } from '../../testing/test-app';
import { testDatabase } from '../../testing/test-database';
import { renderGuide } from './guia.handlers';
import { enrolAuthenticatorApp } from '../../testing/second-factor';
import { signUp } from '../../testing/sign-up';

const password = 'un río que nunca se seca 2026';
const email = `guia${Date.now()}@gotaagota.mx`;
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('the campaign team guides in the panel', () => {
  it('keeps images, links between guides and web links, and drops links to the developers docs and any script', () => {
    const { title, html } = renderGuide(
      '# Publicar una historia\n\nLee [la bandeja](bandeja.md#filtros), [el índice](README.md), [la web](https://gotaagota.mx) y [lo técnico](../operations/production.md).\n\n![La lista](img/historias-lista.png)\n\n<script>alert(1)</script>\n',
    );
    expect(title).toBe('Publicar una historia');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<a href="/panel/guia/bandeja#filtros">la bandeja</a>');
    expect(html).toContain('<a href="/panel/guia/indice">el índice</a>');
    expect(html).toContain('<a href="https://gotaagota.mx">la web</a>');
    expect(html).toContain('lo técnico');
    expect(html).not.toContain('../operations');
    expect(html).toContain('<img src="/panel/guia/img/historias-lista.png" alt="La lista" loading="lazy" />');
    expect(html).not.toContain('<script');
  });

  it('shows «Publicar una historia» with its screenshots to a member of the team, and nobody else', async () => {
    const { app } = testApp({ database, env: { EDITOR_EMAILS: email } });
    const anonymous = await app.request('/panel/guia/historias');
    expect(anonymous.status).toBe(302);
    const member = new Browser(app);
    await signUp(member, email, password, { name: 'Gala', lastName: 'Guía' });
    await enrolAuthenticatorApp(member);
    const res = await member.get('/panel/guia/historias', { 'X-Inertia': 'true', Accept: 'application/json' });
    const page = (await res.json()) as { component: string; props: GuiaPageProps };
    expect(page.component).toBe('Panel/Guia');
    expect(page.props.title).toBe('Publicar una historia');
    const image = /src="(\/panel\/guia\/img\/[^"]+)"/.exec(page.props.html)?.[1];
    const png = await member.get(image!);
    expect(png.headers.get('Content-Type')).toBe('image/png');
    expect((await member.get('/panel/guia/indice', { 'X-Inertia': 'true', Accept: 'application/json' })).status).toBe(200);
    expect((await member.get('/panel/guia/no-existe', { 'X-Inertia': 'true', Accept: 'application/json' })).status).toBe(404);
  });
});
