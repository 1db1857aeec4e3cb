import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStoryFiles } from '../src/content/load-content';
import { createStory, importStories } from '../src/content/stories-store';
import { parseStoryFile } from '../src/content/story-format';
import type { Database } from '../src/db/database';
import { repoRoot } from '../src/env';
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
});
