import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDefaultManifests } from '@gota/shared/routes';
import type { Database } from '../../db/database';
import { activateInDatabase } from '../../testing/release-fixtures';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

/** The registry of remotes a document carries (`#remotes-data`). */
function registryOf(html: string): Record<string, string> {
  const json = /<script type="application\/json" id="remotes-data">(.*?)<\/script>/.exec(html)?.[1];
  expect(json, 'el documento no tiene registro de remotos').toBeDefined();
  return JSON.parse(json!) as Record<string, string>;
}

describe(`the registry of remotes in a document, on ${testDatabaseKind} (decision 063, 2026-11-29)`, () => {
  it('names no remote served at its default address: a visitor page says nothing of mf_content, the shell derives them', async () => {
    const { app, releases } = testApp({ database });
    await releases.refresh();
    for (const url of ['/', '/aliados', '/historias', '/login']) {
      const html = await (await app.request(url)).text();
      expect(registryOf(html), url).toEqual({});
      expect(html, url).not.toMatch(/mf_content|mf-content/);
      // what the shell registers from it is the whole registry the instance serves
      expect(withDefaultManifests(registryOf(html))).toEqual(releases.current().registry);
    }
  });

  it('lists a remote whose active release is at its own address, and only it, so the browser loads that release', async () => {
    const { app, releases } = testApp({ database });
    const manifest = await activateInDatabase(database, 'mf-stories', 'mf-stories/7');
    await releases.refresh();
    for (const url of ['/historias', '/aliados']) {
      const registry = registryOf(await (await app.request(url)).text());
      expect(registry, url).toEqual({ mf_stories: manifest });
      expect(withDefaultManifests(registry).mf_stories).toBe(manifest);
    }
    // /remotes.json still serves the whole registry
    expect(await (await app.request('/remotes.json')).json()).toEqual(releases.current().registry);
  });
});
