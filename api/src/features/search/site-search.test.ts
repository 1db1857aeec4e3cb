import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@gota/shared/contracts';
import { loadContent, type Content } from '../content';
import type { Database } from '../../db/database';
import { repoRoot } from '../../env';
import { createLogger } from '../../logging/logger';
import { secondPostgresDatabase, testDatabase, testDatabaseKind } from '../../testing/test-database';
import { siteSearch } from './site-search';

const logger = createLogger({ level: 'silent' });
const real = loadContent(path.join(repoRoot, 'api/content'));

function story(slug: string, fechaData: string, titulo: string, body: string, tags = ['AGUA']): Story {
  return { ...real.stories[0]!, slug, fechaData, fecha: fechaData, titulo, text: 'Resumen.', tags, bodyHtml: `<p>${body}</p>` };
}

/** The real content with these stories instead of the real ones (newest first, as loadContent sorts them). */
function contentWith(stories: Story[]): Content {
  const sorted = [...stories].sort((a, b) => b.fechaData.localeCompare(a.fechaData));
  return { ...real, stories: sorted, storyBySlug: new Map(sorted.map((item) => [item.slug, item])) };
}

const rows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.use().execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe(`ranking, on ${testDatabaseKind}`, () => {
  const stories = [
    story('vieja-en-titulo', '2025-01-10', 'Los manglares de la costa', 'Un texto sobre la costa.'),
    story('nueva-en-titulo', '2025-03-10', 'Manglares que vuelven', 'Otro texto.'),
    story('nueva-en-cuerpo', '2025-06-10', 'Una playa limpia', 'Entre los manglares de la bahía.'),
    story('en-etiqueta', '2025-05-10', 'Una bahía tranquila', 'Sin la palabra en el cuerpo.', ['MANGLARES']),
  ];
  let search: ReturnType<typeof siteSearch>;
  beforeAll(() => {
    search = siteSearch({ database, content: contentWith(stories), logger });
  });

  it('puts the title first, then tags, then the body, and the newer first where they are equal', async () => {
    const { hits, total } = await search.search('manglar', 1);
    expect(total).toBe(4);
    expect(hits.map((hit) => hit.url)).toEqual([
      '/historias/nueva-en-titulo',
      '/historias/vieja-en-titulo',
      '/historias/en-etiqueta',
      '/historias/nueva-en-cuerpo',
    ]);
    expect(hits[0]!.title).toEqual(['', 'Manglares', ' que vuelven']);
    expect(hits[3]!.snippet.join('')).toContain('manglares de la bahía');
    expect(hits[3]!.snippet).toContain('manglares');
  });

  it('needs every word: a second word narrows the results', async () => {
    const { hits } = await search.search('manglares costa', 1);
    expect(hits.map((hit) => hit.url)).toEqual(['/historias/vieja-en-titulo']);
  });

  it('answers no results for a query of stop words only, or of signs only', async () => {
    expect(await search.search('de la y', 1)).toEqual({ hits: [], total: 0, page: 1 });
    expect(await search.search('¡¿...?!', 1)).toEqual({ hits: [], total: 0, page: 1 });
  });
});

describe(`paging across the tiers, on ${testDatabaseKind}`, () => {
  const day = (n: number) => `2024-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
  const inTitle = Array.from({ length: 12 }, (_, n) =>
    story(`titulo-${n}`, day(n * 3), `Quelites número ${n}`, 'Un texto cualquiera.'),
  );
  const inBody = Array.from({ length: 3 }, (_, n) =>
    story(`cuerpo-${n}`, day(n * 3 + 1), `Otra historia ${n}`, 'Se habla de los quelites aquí.'),
  );
  let search: ReturnType<typeof siteSearch>;
  beforeAll(() => {
    search = siteSearch({ database, content: contentWith([...inTitle, ...inBody]), logger });
  });

  it('goes on from the last title match of a page to the body matches, newest first, and says how many there are', async () => {
    const first = await search.search('quelite', 1);
    const second = await search.search('quelite', 2);
    const third = await search.search('quelite', 3);
    expect([first.total, second.total, third.total]).toEqual([15, 15, 15]);
    expect(first.hits.map((hit) => hit.url)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `/historias/titulo-${n}`));
    expect(second.hits.map((hit) => hit.url)).toEqual([
      '/historias/titulo-1',
      '/historias/titulo-0',
      '/historias/cuerpo-2',
      '/historias/cuerpo-1',
      '/historias/cuerpo-0',
    ]);
    expect(third.hits).toEqual([]);
  });
});

describe(`the ranking read from the newest documents or from the indexes, on ${testDatabaseKind}`, () => {
  // 60 stories, a day apart: «río» in every third title; «granizo» in every other story's tags and one title; «garza» in
  // every fourth body only; «nutria» in two old bodies; «acuífero» in one title and every fifth body
  const stories = Array.from({ length: 60 }, (_, n) => {
    const date = new Date(Date.UTC(2023, 0, 1 + n)).toISOString().slice(0, 10);
    const title = [
      n % 3 === 0 ? 'El río' : 'Una tarde',
      n === 7 ? 'de granizo' : '',
      n === 31 ? 'y el acuífero' : '',
      `número ${n}`,
    ].join(' ');
    const body = [
      'Un texto cualquiera sobre la comunidad.',
      n % 4 === 0 ? 'Una garza cruzó el cielo.' : '',
      n === 2 || n === 5 ? 'Vimos una nutria.' : '',
      n % 5 === 0 ? 'El acuífero se recarga.' : '',
    ].join(' ');
    return story(`historia-${n}`, date, title, body, n % 2 === 0 ? ['GRANIZO'] : ['SUELO']);
  });
  const content = contentWith(stories);

  it('finds the same results, in the same order, on every page, whichever way each tier is read', async () => {
    // every document fits in the default window: its ranking reads them all in date order, the reference
    const reference = siteSearch({ database, content, logger });
    const narrow = [2, 3, 1].map((windowPerResult) => siteSearch({ database, content, logger, windowPerResult }));
    for (const query of ['río', 'granizo', 'garza', 'nutria', 'acuí', 'rio granizo', 'comunidad garza']) {
      for (const page of [1, 2, 3, 4]) {
        const expected = await reference.search(query, page);
        for (const search of narrow) expect(await search.search(query, page), `${query}, página ${page}`).toEqual(expected);
      }
    }
    // the reference itself: the title tier, then the tags, then the bodies, each newest first
    const { hits } = await reference.search('granizo', 1);
    expect(hits.map((hit) => hit.url)).toEqual([
      '/historias/historia-7',
      ...[58, 56, 54, 52, 50, 48, 46, 44, 42].map((n) => `/historias/historia-${n}`),
    ]);
    const garza = await reference.search('garza', 2);
    expect(garza.total).toBe(15);
    expect(garza.hits.map((hit) => hit.url)).toEqual([16, 12, 8, 4, 0].map((n) => `/historias/historia-${n}`));
  });

  it('counts up to its cap and then says that more match', async () => {
    const capped = siteSearch({ database, content, logger, countCap: 12 });
    const river = await capped.search('río', 1);
    expect(river).toMatchObject({ total: 12, more: true });
    expect(river.hits).toHaveLength(10);
    const otter = await capped.search('nutria', 1);
    expect(otter.total).toBe(2);
    expect(otter.more).toBeUndefined();
  });
});

describe(`the index's generations, on ${testDatabaseKind}`, () => {
  // what the tests count starts from nothing, even in a test database an earlier run left its generations in
  beforeAll(() => database.use().execute(sql`delete from search_generations`));

  it('is built once per content, whoever prepares it, and a new content builds a generation of its own', async () => {
    const other = testDatabaseKind === 'postgres' ? await secondPostgresDatabase() : database;
    const content = contentWith([story('una', '2025-02-02', 'Nutrias del río', 'Texto.')]);
    const first = siteSearch({ database, content, logger });
    const second = siteSearch({ database: other, content, logger });
    // two instances starting at once: one builds, the other waits for it and finds it built
    await Promise.all([first.prepare(), second.prepare()]);
    const count = async (table: 'search_documents' | 'search_generations') =>
      Number((await rows(database, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);
    const generations = await count('search_generations');
    const documents = await count('search_documents');
    expect((await second.search('nutrias', 1)).total).toBe(1);
    await siteSearch({ database, content, logger }).prepare();
    expect(await count('search_generations')).toBe(generations);
    expect(await count('search_documents')).toBe(documents);

    const changed = siteSearch({
      database: other,
      content: contentWith([story('una', '2025-02-02', 'Castores del río', 'Texto.')]),
      logger,
    });
    expect((await changed.search('castores', 1)).total).toBe(1);
    // the first instance still searches its own content during a rolling deploy
    expect((await first.search('castores', 1)).total).toBe(0);
    expect((await first.search('nutrias', 1)).total).toBe(1);
    expect(await count('search_generations')).toBe(generations + 1);
    if (other !== database) await other.close();
  });

  it('deletes the generations nobody has searched for a day when it builds a new one', async () => {
    await database.use().execute(sql`update search_generations set used_at = now() - interval '2 days'`);
    const fresh = siteSearch({
      database,
      content: contentWith([story('otra', '2025-02-02', 'Ajolotes del lago', 'Texto.')]),
      logger,
    });
    await fresh.prepare();
    expect(await rows(database, sql`select documents from search_generations`)).toHaveLength(1);
    expect(Number((await rows(database, sql`select count(*) as n from search_terms where term = 'nutrias'`))[0]!.n)).toBe(0);
  });
});
