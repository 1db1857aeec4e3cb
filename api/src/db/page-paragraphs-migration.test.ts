import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { contentSetRevisions, contentSets } from './schema';

const database = await testDatabase();
afterAll(() => database.close());

/** Migration 0020's statements, run again on rows written in the shape before it. */
const statements = readFileSync(new URL('./migrations/0020_page_paragraphs.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

describe(`migration 0020: «Misión» and «Visión» hold paragraphs, on ${testDatabaseKind}`, () => {
  it('turns their one text into a list of one paragraph, in the set and its revisions, and leaves the rest as it was', async () => {
    const db = database.use();
    await db.execute(sql`delete from content_sets where kind like 'pagina:%'`);
    const hero = { title: 'Somos Gota a Gota', lead: 'Una alianza.' };
    const before = {
      seo: { title: 'Quiénes somos', description: 'Quiénes somos.', keywords: '' },
      texts: { hero, mission: { title: 'Misión', text: 'Cuidar el agua.' }, vision: { title: 'Visión', text: 'Actuar.' } },
    };
    const campaign = { seo: before.seo, texts: { campaign: { title: 'La campaña', paragraphs: ['Uno.'], text: 'no se toca' } } };
    const at = new Date();
    await db.insert(contentSets).values([
      { kind: 'pagina:quienes-somos', items: before, updatedBy: 'sistema' },
      { kind: 'pagina:descargas', items: campaign, updatedBy: 'sistema' },
    ]);
    await db.insert(contentSetRevisions).values({ kind: 'pagina:quienes-somos', number: 1, items: before, by: 'sistema', at });
    for (const statement of statements) await db.execute(sql.raw(statement));
    // twice: a row already in the new shape is left alone
    for (const statement of statements) await db.execute(sql.raw(statement));

    const after = {
      seo: before.seo,
      texts: {
        hero,
        mission: { title: 'Misión', paragraphs: ['Cuidar el agua.'] },
        vision: { title: 'Visión', paragraphs: ['Actuar.'] },
      },
    };
    const sets = await db.select().from(contentSets);
    expect(sets.find((row) => row.kind === 'pagina:quienes-somos')?.items).toEqual(after);
    expect(sets.find((row) => row.kind === 'pagina:descargas')?.items).toEqual(campaign);
    const [revision] = await db.select().from(contentSetRevisions);
    expect(revision?.items).toEqual(after);
  });
});
