import { copyFileSync, mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllySchema } from '@gota/shared/schemas';
import { logoUrlOf, type AboutTexts, type Ally } from '@gota/shared/contracts';
import {
  editableAllies,
  loadBaseContent,
  loadStoryFiles,
  pageTextsOfFiles,
  importSets,
  importKit,
} from '../src/features/content';
import { createStory, importStories, publishStory, parseStoryFile } from '../src/features/stories';
import type { Database } from '../src/db/database';
import { repoRoot } from '../src/env';
import { mediaStore, processUpload } from '../src/features/media';
import { phonePhoto, transparentPng } from '../src/testing/test-images';
import { testDatabase } from '../src/testing/test-database';
import { exportContent } from './content';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('npm run content -- export', () => {
  it('writes every published story as its file, with its images, and no draft', async () => {
    const files = loadStoryFiles(path.join(repoRoot, 'api/content'));
    await importStories(database.use(), files);
    const draft = { ...files[0]!, slug: 'borrador-sin-publicar', titulo: 'Un borrador' };
    await createStory(database.use(), draft, 'edita@gotaagota.mx');
    const dir = mkdtempSync(path.join(tmpdir(), 'gota-export-'));
    const written = await exportContent(database.use(), dir);
    expect(written).toMatchObject({ stories: files.length, missing: [] });
    expect(readdirSync(path.join(dir, 'stories')).sort()).toEqual(files.map((story) => `${story.slug}.md`).sort());
    for (const story of files) {
      expect(parseStoryFile(readFileSync(path.join(dir, 'stories', `${story.slug}.md`), 'utf8'), story.slug)).toEqual(story);
      expect(existsSync(path.join(dir, story.img))).toBe(true);
    }
  });

  it('writes an uploaded photo from the database, and the facts visitors see and the counters in their files’ format', async () => {
    const photo = await mediaStore(database).create({
      upload: await processUpload(await phonePhoto(800, 600), { focalX: 0.5, focalY: 0.5 }),
      originalName: 'techo.jpg',
      focal: { x: 0.5, y: 0.5 },
      createdBy: null,
      alt: 'Un techo que junta lluvia',
    });
    const full = photo.variants.find((variant) => variant.role === 'full' && variant.format === 'jpeg')!;
    const files = loadStoryFiles(path.join(repoRoot, 'api/content'));
    const story = await createStory(
      database.use(),
      {
        ...files[0]!,
        slug: 'historia-con-foto-exportada',
        titulo: 'Una historia con foto',
        img: full.url,
        alt: 'Un techo que junta lluvia',
      },
      'edita@gotaagota.mx',
    );
    await publishStory(database.use(), story.id, story.version, 'edita@gotaagota.mx');
    const counters = [{ valor: 42, prefijo: '+', sufijo: '', etiqueta: 'escuelas que cosechan lluvia' }];
    await database.use().execute(sql`delete from content_sets`);
    await importSets(database.use(), {
      datos: [
        { html: 'Un dato <strong>visible</strong>', visible: true },
        { html: 'Un dato oculto', visible: false },
      ],
      contadores: counters,
    });

    const dir = mkdtempSync(path.join(tmpdir(), 'gota-export-'));
    const written = await exportContent(database.use(), dir);
    expect(written.missing).toEqual([]);
    expect(readFileSync(path.join(dir, full.url))).toHaveLength(full.bytes);
    expect(JSON.parse(readFileSync(path.join(dir, 'facts.json'), 'utf8'))).toEqual([
      { html: 'Un dato <strong>visible</strong>' },
    ]);
    expect(JSON.parse(readFileSync(path.join(dir, 'counters.json'), 'utf8'))).toEqual(counters);
  });

  it('writes the pages’ texts back as pages.json and page-texts.json, with the database’s in place of the files’ (a paragraph added kept), which load again', async () => {
    const base = loadBaseContent(path.join(repoRoot, 'api/content'));
    const files = pageTextsOfFiles(base);
    const about = files['pagina:quienes-somos'];
    await database.use().execute(sql`delete from content_sets`);
    await importSets(database.use(), {
      ...files,
      'pagina:quienes-somos': {
        seo: { ...about.seo, title: 'Quiénes somos, exportado' },
        texts: {
          ...(about.texts as AboutTexts),
          vision: { title: 'Visión', paragraphs: ['Un país que cuida su agua.', 'Y que la comparte.'] },
        },
      },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'gota-export-'));
    await exportContent(database.use(), dir);
    // the folder written is a content folder the site starts with (the other files copied from api/content)
    for (const name of readdirSync(path.join(repoRoot, 'api/content')))
      if (name.endsWith('.json') && !existsSync(path.join(dir, name)))
        copyFileSync(path.join(repoRoot, 'api/content', name), path.join(dir, name));
    const again = loadBaseContent(dir);
    expect(again.pagesSeo['quienes-somos']?.title).toBe('Quiénes somos, exportado');
    expect(again.pagesSeo.auth).toEqual(base.pagesSeo.auth);
    expect(again.pageTexts['quienes-somos'].vision.paragraphs).toEqual(['Un país que cuida su agua.', 'Y que la comparte.']);
    expect(again.pageTexts.descargas).toEqual(base.pageTexts.descargas);
  });

  it('writes the kit’s visible files and their list in the import’s format', async () => {
    await database.use().execute(sql`delete from content_sets where kind = 'descargas'`);
    await importKit(database.use(), path.join(repoRoot, 'api/content/campaign'));
    const dir = mkdtempSync(path.join(tmpdir(), 'gota-export-'));
    await exportContent(database.use(), dir);
    const source = path.join(repoRoot, 'api/content/campaign');
    expect(JSON.parse(readFileSync(path.join(dir, 'campaign/kit.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(path.join(source, 'kit.json'), 'utf8')),
    );
    for (const { name } of JSON.parse(readFileSync(path.join(source, 'kit.json'), 'utf8')) as { name: string }[]) {
      expect(readFileSync(path.join(dir, 'campaign/kit', name))).toEqual(readFileSync(path.join(source, 'kit', name)));
    }
  });

  it('writes the visible allies and members in their files’ format, with their logos: the site’s and the uploaded ones', async () => {
    const content = loadBaseContent(path.join(repoRoot, 'api/content'));
    const items = editableAllies(content);
    const logo = await mediaStore(database).create({
      upload: await processUpload(await transparentPng(600, 400), { focalX: 0.5, focalY: 0.5, logo: true }),
      originalName: 'riego.png',
      focal: { x: 0.5, y: 0.5 },
      createdBy: null,
      decorative: true,
    });
    const uploaded = logoUrlOf(logo)!;
    const newAlly = {
      id: 'aliado-riego-justo',
      seccion: 'aliados' as const,
      empresa: 'Riego Justo',
      img: uploaded,
      text: 'Riego por goteo.',
      link: 'https://riegojusto.example',
      textBtn: '',
      visible: true,
    };
    await database.use().execute(sql`delete from content_sets`);
    await importSets(database.use(), {
      aliados: [newAlly, ...items.map((item, index) => (index === 1 ? { ...item, visible: false } : item))],
    });

    const dir = mkdtempSync(path.join(tmpdir(), 'gota-export-'));
    const written = await exportContent(database.use(), dir);
    expect(written.missing).toEqual([]);
    const allies = JSON.parse(readFileSync(path.join(dir, 'allies.json'), 'utf8')) as Ally[];
    expect(allies[0]).toEqual({
      empresa: 'Riego Justo',
      img: uploaded,
      cover: false,
      text: 'Riego por goteo.',
      link: 'https://riegojusto.example',
    });
    expect(allies.map((ally) => ally.empresa)).not.toContain(items[1]!.empresa);
    expect(allies.slice(1)).toEqual(
      content.allies
        .filter((_, index) => index !== 1)
        .map(({ textBtn, ...ally }) => (textBtn === 'Conoce más' ? ally : { ...ally, textBtn })),
    );
    expect(JSON.parse(readFileSync(path.join(dir, 'members.json'), 'utf8'))).toEqual(content.members);
    expect(existsSync(path.join(dir, uploaded))).toBe(true);
    expect(existsSync(path.join(dir, content.members[0]!.logo))).toBe(true);
    // the files written read back as the content they came from
    expect(() => AllySchema.array().parse(allies)).not.toThrow();
  });
});
