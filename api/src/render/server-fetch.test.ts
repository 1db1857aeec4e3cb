import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pinnedFiles } from './server-fetch';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A CDN in memory: what each URL holds now, and how many times each was asked for. */
function cdn(files: Record<string, string>) {
  const asked: string[] = [];
  const fetchCode = async (href: string) => {
    asked.push(href);
    const body = files[href];
    if (body === undefined) throw new Error(`${href} respondió 404`);
    return new Response(body);
  };
  return { files, asked, fetchCode };
}

describe('the server files of a release, pinned by digest (decision 039)', () => {
  it('fetches them before a switch and serves them from memory after', async () => {
    const host = cdn({ 'https://cdn.test/a/server/remoteEntry.js': 'entrada', 'https://cdn.test/a/server/1.js': 'trozo' });
    const files = pinnedFiles(host.fetchCode);
    await files.prefetch([
      { url: 'https://cdn.test/a/server/remoteEntry.js', sha256: sha256('entrada') },
      { url: 'https://cdn.test/a/server/1.js', sha256: sha256('trozo') },
    ]);
    host.files['https://cdn.test/a/server/1.js'] = 'otro trozo';
    expect(await (await files.fetch('https://cdn.test/a/server/1.js')).text()).toBe('trozo');
    expect(host.asked).toHaveLength(2);
  });

  it('refuses a file whose digest is not the registered one, and passes through files no release names', async () => {
    const host = cdn({ 'https://cdn.test/a/server/1.js': 'reemplazado', 'https://cdn.test/a/server/2.js': 'libre' });
    const files = pinnedFiles(host.fetchCode);
    await expect(files.prefetch([{ url: 'https://cdn.test/a/server/1.js', sha256: sha256('trozo') }])).rejects.toThrow(
      /sha256 .* no es el registrado/,
    );
    await expect(files.fetch('https://cdn.test/a/server/1.js')).rejects.toThrow(/no es el registrado/);
    expect(await (await files.fetch('https://cdn.test/a/server/2.js')).text()).toBe('libre');
  });

  it('forgets the files of releases that are no longer live', async () => {
    const host = cdn({ 'https://cdn.test/a/1.js': 'uno' });
    const files = pinnedFiles(host.fetchCode);
    await files.prefetch([{ url: 'https://cdn.test/a/1.js', sha256: sha256('uno') }]);
    files.keep(new Set());
    host.files['https://cdn.test/a/1.js'] = 'dos';
    expect(await (await files.fetch('https://cdn.test/a/1.js')).text()).toBe('dos');
  });
});
