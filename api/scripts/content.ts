#!/usr/bin/env node
// npm run content -- export DIR: writes every published story as the file it would be in api/content/stories/, with the
// images it names (the site's illustrations and the uploaded photos), the water facts and impact counters as
// facts.json and counters.json, the pages' texts as pages.json and page-texts.json, the allies and members as
// allies.json and members.json with their logos, and the campaign kit as campaign/kit.json and its files under
// campaign/kit/, into DIR (issue #41 item 1, decisions 049, 059, 060, 061, 062): the campaign team's record, and a way
// back. It opens the
// site's database itself: PostgreSQL (DATABASE_URL) while the site runs, or the embedded one of DATA_DIR with the site
// stopped (two processes never share a PGlite folder).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { defaultAllyButton, mediaIdOf, type StoryFields } from '@gota/shared/contracts';
import { alliesOf, readSets, kitBlob } from '../src/features/content';
import { readPublished, storyMarkdown } from '../src/features/stories';
import { acquireDataLock } from '../src/db/data-lock';
import { openDatabase, type Db } from '../src/db/database';
import { mediaVariants } from '../src/db/schema';
import { loadEnv, repoRoot } from '../src/env';

const usage = `Uso:
  npm run content -- export <carpeta>
Escribe cada historia publicada como <carpeta>/stories/<slug>.md, sus imágenes en <carpeta>/img/… y sus fotos en
<carpeta>/media/…, los datos del agua (los visibles) y los contadores en <carpeta>/facts.json y counters.json, los
textos de las páginas en <carpeta>/pages.json y page-texts.json, los aliados y miembros visibles en
<carpeta>/allies.json y members.json con sus logotipos, y los archivos visibles del kit de la campaña en
<carpeta>/campaign/kit/ con su lista en <carpeta>/campaign/kit.json.
Lee la base de datos del sitio: DATABASE_URL (PostgreSQL), o la de DATA_DIR con el sitio detenido.`;

/** The images a story names: its main and background images and its slides' images. */
function imagesOf(fields: StoryFields): string[] {
  return [
    fields.img,
    fields.imgWhite,
    ...fields.slides.flatMap((slide) => Object.values(slide.images).map((image) => image.path)),
  ];
}

/** The bytes of an uploaded photo's file (`/media/{id}/{name}`), or null when it is not one the database holds. */
async function photoFile(db: Db, address: string): Promise<Buffer | null> {
  const id = mediaIdOf(address);
  if (!id) return null;
  const name = decodeURIComponent(address.slice(address.lastIndexOf('/') + 1));
  const [row] = await db
    .select({ bytes: mediaVariants.bytes })
    .from(mediaVariants)
    .where(and(eq(mediaVariants.imageId, id), eq(mediaVariants.name, name)));
  return row?.bytes ?? null;
}

/**
 * Writes the published stories into `dir` (`stories/<slug>.md`), the site images they name (`img/…`, copied from
 * `publicDir`), their uploaded photos (`media/{id}/{name}`, from the database) and the water facts visitors see and the
 * impact counters (`facts.json`, `counters.json`, the files' own format), and the pages' texts (`pages.json` and
 * `page-texts.json`: the files of `contentDir` with each page the database has in place of theirs). Returns what it wrote.
 */
export async function exportContent(
  db: Db,
  dir: string,
  publicDir = path.join(repoRoot, 'api/public'),
  contentDir = path.join(repoRoot, 'api/content'),
): Promise<{ stories: number; images: number; missing: string[] }> {
  const { stories } = await readPublished(db);
  const sets = await readSets(db);
  mkdirSync(dir, { recursive: true });
  if (sets.datos)
    writeFileSync(
      path.join(dir, 'facts.json'),
      `${JSON.stringify(
        sets.datos.items.filter((fact) => fact.visible).map(({ html }) => ({ html })),
        null,
        2,
      )}\n`,
    );
  if (sets.contadores) writeFileSync(path.join(dir, 'counters.json'), `${JSON.stringify(sets.contadores.items, null, 2)}\n`);
  if (Object.keys(sets.pages).length > 0) {
    // the pages the panel does not edit (the account pages, the search…) stay as the files have them
    const pages = JSON.parse(readFileSync(path.join(contentDir, 'pages.json'), 'utf8')) as Record<string, unknown>;
    const prose = JSON.parse(readFileSync(path.join(contentDir, 'page-texts.json'), 'utf8')) as Record<string, unknown>;
    for (const [page, set] of Object.entries(sets.pages)) {
      pages[page] = set.seo;
      if (set.texts) prose[page] = set.texts;
    }
    writeFileSync(path.join(dir, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
    writeFileSync(path.join(dir, 'page-texts.json'), `${JSON.stringify(prose, null, 2)}\n`);
  }
  if (sets.descargas) {
    // the visible files' current versions, in the import's format: hidden files and earlier versions stay in the database
    const files = sets.descargas.items.filter((item) => item.visible);
    mkdirSync(path.join(dir, 'campaign/kit'), { recursive: true });
    for (const file of files) {
      const blob = await kitBlob(db, file.current.sha256);
      if (!blob) throw new Error(`falta el contenido de ${file.name} en la base de datos`);
      mkdirSync(path.dirname(path.join(dir, 'campaign/kit', file.name)), { recursive: true });
      writeFileSync(path.join(dir, 'campaign/kit', file.name), blob.bytes);
    }
    const list = files.map(({ name, title, description }) => ({ name, title, description }));
    writeFileSync(path.join(dir, 'campaign/kit.json'), `${JSON.stringify(list, null, 2)}\n`);
  }
  const images = new Set<string>();
  if (sets.aliados) {
    // the visible allies and members in their files' format (decision 060), and their logos with the stories' images
    const { allies, members } = alliesOf(sets.aliados.items);
    const allyFile = allies.map(({ textBtn, ...ally }) => (textBtn === defaultAllyButton ? ally : { ...ally, textBtn }));
    writeFileSync(path.join(dir, 'allies.json'), `${JSON.stringify(allyFile, null, 2)}\n`);
    writeFileSync(path.join(dir, 'members.json'), `${JSON.stringify(members, null, 2)}\n`);
    for (const image of [
      ...allies.flatMap((ally) => [ally.img, ally.img2 ?? []].flat()),
      ...members.map((member) => member.logo),
    ])
      images.add(image);
  }
  mkdirSync(path.join(dir, 'stories'), { recursive: true });
  for (const { slug, fields } of stories) {
    writeFileSync(path.join(dir, 'stories', `${slug}.md`), storyMarkdown(fields));
    for (const image of imagesOf(fields)) images.add(image);
  }
  const missing: string[] = [];
  for (const image of images) {
    const photo = await photoFile(db, image);
    if (photo) {
      mkdirSync(path.dirname(path.join(dir, image)), { recursive: true });
      writeFileSync(path.join(dir, image), photo);
      continue;
    }
    const source = path.join(publicDir, image);
    if (!image.startsWith('/img/') || !existsSync(source)) {
      missing.push(image);
      continue;
    }
    mkdirSync(path.dirname(path.join(dir, image)), { recursive: true });
    copyFileSync(source, path.join(dir, image));
  }
  return { stories: stories.length, images: images.size - missing.length, missing };
}

async function main(args: string[]): Promise<number> {
  const [command, dir] = args;
  if (command !== 'export' || !dir) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  if (!env.DATABASE_URL) acquireDataLock(env.dbDir);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dbDir });
  try {
    await database.migrate();
    const written = await exportContent(database.use(), path.resolve(dir));
    console.log(
      `${written.stories} historias, ${written.images} imágenes, los datos, los contadores, los textos de las páginas, los aliados, los miembros y el kit escritos en ${path.resolve(dir)}`,
    );
    for (const image of written.missing)
      console.error(`  sin copiar: ${image} (ni una imagen de api/public ni una foto de la base de datos)`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
}
