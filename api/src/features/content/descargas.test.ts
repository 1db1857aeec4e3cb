import { unzipSync } from 'fflate';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  campaignKit,
  kitLimits,
  kitTooLargeMessage,
  type ContentSetAnswer,
  type ContentSetPageProps,
  type PublicKit,
  type ValidationErrorBody,
} from '@gota/shared/contracts';
import { kitFileMessages } from './kit-check';
import { kitArchiveFolder } from './kit-archive';
import { Browser } from '../../testing/browser';
import { contentLogOf, eventually, inertia, panelFleet, sendJson } from '../../testing/content-fleet';
import { testDatabaseKind } from '../../testing/test-database';
import type { AppEnv } from '../../types';

const site = panelFleet('kit');

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(64)]);

const origin = 'http://localhost:3000';

/** Sends a file as the panel's upload does: multipart, with the browser's anti-forgery token. */
function upload(browser: Browser, bytes: Buffer, name: string, fields: Record<string, string | number>): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  for (const [field, value] of Object.entries(fields)) form.set(field, String(value));
  return browser.request('/api/descargas/archivos', {
    method: 'POST',
    body: form,
    headers: { Origin: origin, Accept: 'application/json', 'X-CSRF-TOKEN': browser.fillToken() },
  });
}

async function panel(): Promise<ContentSetPageProps<'descargas'>> {
  const res = await site.editor.get('/panel/descargas', inertia);
  expect(res.status).toBe(200);
  return ((await res.json()) as { props: ContentSetPageProps<'descargas'> }).props;
}

async function kitOn(app: Hono<AppEnv>): Promise<PublicKit> {
  const res = await app.request('/campana', { headers: inertia });
  return ((await res.json()) as { props: { kit: PublicKit } }).props.kit;
}

async function zipOf(app: Hono<AppEnv>, url: string): Promise<Record<string, Uint8Array>> {
  const res = await app.request(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('application/zip');
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const errorsOf = async (res: Response) => ((await res.json()) as ValidationErrorBody).errors;

describe(`the campaign kit in the panel on ${testDatabaseKind}`, () => {
  it('imports api/content/campaign once, and serves its files and its ZIP from the database', async () => {
    expect(await contentLogOf(site.database, 'descargas')).toEqual([
      { action: 'importada', actor: 'sistema', detail: 'api/content/campaign' },
    ]);
    const kit = await kitOn(site.first.app);
    expect(kit.files.map((file) => file.name)).toContain('manual-de-uso.html');
    expect(kit.files).toHaveLength(7);
    const entries = await zipOf(site.first.app, kit.archive!.url);
    expect(Object.keys(entries)).toHaveLength(7);
    expect(Object.keys(entries)).toContain(`${kitArchiveFolder}/codigo-visual/water-finger-heart-azul.svg`);
    const archive = await site.first.app.request(kit.archive!.url);
    expect(archive.headers.get('Cache-Control')).toContain('immutable');
    expect(archive.headers.get('ETag')).toBe(`"${kit.archive!.sha256}"`);
    expect(
      (await site.first.app.request(kit.archive!.url, { headers: { 'If-None-Match': `"${kit.archive!.sha256}"` } })).status,
    ).toBe(304);
    // the address older links name answers the same ZIP, revalidated
    const legacy = await site.first.app.request(campaignKit.path);
    expect(legacy.headers.get('Cache-Control')).toBe('no-cache');
    expect(legacy.headers.get('Content-Disposition')).toContain(campaignKit.fileName);
    expect(Object.keys(unzipSync(new Uint8Array(await legacy.arrayBuffer())))).toEqual(Object.keys(entries));
  });

  it('serves a file that could hold a script only as a sandboxed download', async () => {
    const kit = await kitOn(site.first.app);
    const svg = kit.files.find((file) => file.kind === 'svg')!;
    const res = await site.first.app.request(svg.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename=".+\.svg"/);
    expect(res.headers.get('Content-Security-Policy')).toBe("sandbox; default-src 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('asks an anonymous visitor to sign in and refuses a team member without the editor role', async () => {
    const anonymous = new Browser(site.first.app);
    await anonymous.ticket();
    expect((await upload(anonymous, pdf('anónimo'), 'a.pdf', { title: 'A', version: 1 })).status).toBe(401);
    expect((await sendJson(anonymous, 'PUT', '/api/descargas', { items: [], version: 1 })).status).toBe(401);
    expect((await site.inbox.get('/panel/descargas', inertia)).status).toBe(403);
    expect((await upload(site.inbox, pdf('bandeja'), 'a.pdf', { title: 'A', version: 1 })).status).toBe(403);
    expect((await sendJson(site.inbox, 'PUT', '/api/descargas', { items: [], version: 1 })).status).toBe(403);
    expect((await sendJson(site.inbox, 'POST', '/api/descargas/revisiones/1/restaurar', { version: 1 })).status).toBe(403);
    expect((await panel()).set.version).toBe(1);
  });

  it('replaces a file with a new version: visitors of every instance get it, the ZIP is rebuilt, the old one stays in the panel', async () => {
    const before = await panel();
    const manual = before.set.items.find((item) => item.name === 'manual-de-uso.html')!;
    const oldUrl = (await kitOn(site.first.app)).files.find((file) => file.name === manual.name)!.url;
    const bytes = pdf('manual nuevo');
    const res = await upload(site.editor, bytes, 'Manual de uso 2027.pdf', {
      id: manual.id,
      title: 'Manual de uso 2027',
      description: 'Ahora en PDF.',
      version: before.set.version,
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as ContentSetAnswer<'descargas'>;
    expect(answer.message).toContain('Manual de uso 2027');
    const replaced = answer.set.items.find((item) => item.id === manual.id)!;
    expect(replaced).toMatchObject({
      name: 'manual-de-uso.pdf',
      title: 'Manual de uso 2027',
      current: { kind: 'pdf', size: bytes.length, originalName: 'Manual de uso 2027.pdf' },
    });
    expect(replaced.earlier.map((version) => version.sha256)).toEqual([manual.current.sha256]);

    // the other instance lists it on /campana within 2 s
    let kit: PublicKit = { files: [], archive: null };
    await eventually(async () => {
      kit = await kitOn(site.second.app);
      return kit.files.some((file) => file.name === 'manual-de-uso.pdf');
    });
    const file = kit.files.find((candidate) => candidate.name === 'manual-de-uso.pdf')!;
    const download = await site.second.app.request(file.url);
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    // the old version is not public any more; editors still get it from the panel
    expect((await site.second.app.request(oldUrl)).status).toBe(404);
    const old = await site.editor.get(`/panel/descargas/archivos/${manual.current.sha256}/manual-de-uso.html`);
    expect(old.status).toBe(200);
    expect(await old.text()).toContain('<!doctype html>');
    expect((await site.inbox.get(`/panel/descargas/archivos/${manual.current.sha256}/manual-de-uso.html`)).status).toBe(403);

    // the ZIP was rebuilt once, with the new bytes in place of the old file
    const entries = await zipOf(site.second.app, kit.archive!.url);
    expect(Buffer.from(entries[`${kitArchiveFolder}/manual-de-uso.pdf`]!)).toEqual(bytes);
    expect(entries[`${kitArchiveFolder}/manual-de-uso.html`]).toBeUndefined();
    const legacy = unzipSync(new Uint8Array(await (await site.second.app.request(campaignKit.path)).arrayBuffer()));
    expect(Buffer.from(legacy[`${kitArchiveFolder}/manual-de-uso.pdf`]!)).toEqual(bytes);

    const after = await panel();
    expect(after.log[0]).toMatchObject({
      action: 'version-subida',
      by: site.emails.editor,
      detail: 'manual-de-uso.pdf: versión 2',
    });
    expect(after.revisions[0]!.number).toBe(2);
  });

  it('adds a new file at the end of the kit, named by what it is rather than what its name says', async () => {
    const { set } = await panel();
    const res = await upload(site.editor, png, 'Cártel Día del Agua.pdf', {
      title: 'Cartel del Día del Agua',
      description: '',
      version: set.version,
    });
    expect(res.status).toBe(201);
    const { set: now } = (await res.json()) as ContentSetAnswer<'descargas'>;
    expect(now.items.at(-1)).toMatchObject({ name: 'cartel-dia-del-agua.png', visible: true, current: { kind: 'png' } });
    await eventually(async () => (await kitOn(site.second.app)).files.at(-1)?.name === 'cartel-dia-del-agua.png');
    const entries = await zipOf(site.first.app, (await kitOn(site.first.app)).archive!.url);
    expect(Object.keys(entries)).toContain(`${kitArchiveFolder}/cartel-dia-del-agua.png`);
  });

  it('refuses a program renamed .pdf, a ZIP, an empty title and an unknown file, in Spanish, and changes nothing', async () => {
    const { set } = await panel();
    const program = await upload(site.editor, elf, 'cartel.pdf', { title: 'Cartel', version: set.version });
    expect(program.status).toBe(415);
    expect(await errorsOf(program)).toEqual({ file: [kitFileMessages.executable] });
    const script = await upload(site.editor, Buffer.from('#!/bin/sh\nrm -rf ~\n'), 'LEEME.txt', {
      title: 'Léeme',
      version: set.version,
    });
    expect(await errorsOf(script)).toEqual({ file: [kitFileMessages.executable] });
    const zip = await upload(site.editor, Buffer.from('504b030414000000', 'hex'), 'kit.zip', {
      title: 'Kit',
      version: set.version,
    });
    expect(await errorsOf(zip)).toEqual({ file: [kitFileMessages.archive] });
    const unknown = await upload(site.editor, Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 'datos.bin', {
      title: 'Datos',
      version: set.version,
    });
    expect(await errorsOf(unknown)).toEqual({ file: [kitFileMessages.unknown] });
    const untitled = await upload(site.editor, pdf('sin título'), 'a.pdf', { title: '   ', version: set.version });
    expect(untitled.status).toBe(422);
    expect((await errorsOf(untitled)).title).toEqual(['Escribe el título del archivo.']);
    expect((await panel()).set.version).toBe(set.version);
  });

  it('refuses an upload over the limit with 413 before reading it: by its length, and while it streams', async () => {
    const { set } = await panel();
    const announced = await site.editor.request('/api/descargas/archivos', {
      method: 'POST',
      body: 'x',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(2 * 1024 ** 3),
        Origin: origin,
        'X-CSRF-TOKEN': site.editor.fillToken(),
        Accept: 'application/json',
      },
    });
    expect(announced.status).toBe(413);
    expect(((await announced.json()) as { message: string }).message).toBe(kitTooLargeMessage);
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > kitLimits.bytes * 2) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await site.editor.request('/api/descargas/archivos', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        Origin: origin,
        'X-CSRF-TOKEN': site.editor.fillToken(),
        Accept: 'application/json',
      },
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // refused once past the limit: the rest of the body was never read
    expect(sent).toBeLessThan(kitLimits.bytes * 2);
    expect((await panel()).set.version).toBe(set.version);
  });

  it('reorders, retitles and hides files: /campana and the ZIP follow; a stale save is a 409 with the kit as it is', async () => {
    const { set } = await panel();
    const items = set.items.map(({ id, title, description, visible }) => ({ id, title, description, visible }));
    const [firstItem, ...rest] = items;
    const changed = [...rest, { ...firstItem!, title: 'Manual (al final)', visible: false }];
    const res = await sendJson(site.editor, 'PUT', '/api/descargas', { items: changed, version: set.version });
    expect(res.status).toBe(200);
    await eventually(async () => (await kitOn(site.second.app)).files.length === items.length - 1);
    const kit = await kitOn(site.second.app);
    expect(kit.files.map((file) => file.title)).toEqual(rest.map((item) => item.title));
    expect(Object.keys(await zipOf(site.second.app, kit.archive!.url))).toHaveLength(items.length - 1);

    const stale = await sendJson(site.editor, 'PUT', '/api/descargas', { items, version: set.version });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { current: { version: number } }).current.version).toBe(set.version + 1);
    const unknown = await sendJson(site.editor, 'PUT', '/api/descargas', {
      items: [{ id: 'no-existe', title: 'X', description: '', visible: true }],
      version: set.version + 1,
    });
    expect(unknown.status).toBe(409);
    expect(Object.keys(await errorsOf(unknown))).toEqual(['items.0']);
  });

  it('restores an earlier revision, its files and its ZIP included', async () => {
    const { set } = await panel();
    const res = await sendJson(site.editor, 'POST', '/api/descargas/revisiones/1/restaurar', { version: set.version });
    expect(res.status).toBe(200);
    await eventually(async () => (await kitOn(site.second.app)).files.some((file) => file.name === 'manual-de-uso.html'));
    const kit = await kitOn(site.second.app);
    expect(kit.files).toHaveLength(7);
    expect(Object.keys(await zipOf(site.second.app, kit.archive!.url))).toContain(`${kitArchiveFolder}/manual-de-uso.html`);
  });
});
