import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app';
import { registrySource } from './registry';

let tick = 1_700_000_000;
/** Writes the file with a modification time of its own, as an editor saving it would. */
function save(file: string, text: string): void {
  writeFileSync(file, text);
  tick += 10;
  utimesSync(file, tick, tick);
}

const cdn = 'https://cdn.example.mx/mf-stories/2026-11-22/mf-manifest.json';

describe('a malformed REMOTES_FILE (#12 row 6)', () => {
  it('keeps serving the last good registry, logs once per change and names the problem in /readyz', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gota-remotes-')), 'remotes.json');
    save(file, JSON.stringify({ mf_stories: cdn }));
    const { app } = testApp({ env: { REMOTES_FILE: file } });
    expect((await (await app.request('/remotes.json')).json()) as Record<string, string>).toMatchObject({ mf_stories: cdn });

    save(file, '{"mf_stories": "https://cdn.exa');
    for (const url of ['/', '/historias', '/remotes.json']) expect((await app.request(url)).status, url).toBe(200);
    expect((await (await app.request('/remotes.json')).json()) as Record<string, string>).toMatchObject({ mf_stories: cdn });
    const ready = (await (await app.request('/readyz')).json()) as { remotes?: string };
    expect(ready.remotes).toContain(file);
    expect(ready.remotes).toContain('no es JSON válido');

    save(file, JSON.stringify({ mf_stories: cdn.replace('22', '23') }));
    expect(((await (await app.request('/remotes.json')).json()) as Record<string, string>).mf_stories).toContain('2026-11-23');
    expect(((await (await app.request('/readyz')).json()) as { remotes?: string }).remotes).toBeUndefined();
  });

  it('logs the error once per change of the file, with the file and the reason', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gota-remotes-')), 'remotes.json');
    save(file, '{}');
    const errors: object[] = [];
    const registry = registrySource({ REMOTES_FILE: file }, { error: (obj) => errors.push(obj), info: () => undefined });
    registry.current();
    save(file, '[1, 2]');
    for (let i = 0; i < 5; i++) registry.current();
    expect(errors).toEqual([{ file, reason: expect.stringContaining('debe ser un objeto') as unknown }]);
    save(file, '{"mf_home": 3}');
    registry.current();
    expect(errors).toHaveLength(2);
  });

  it('stops the start when the file is bad from the beginning', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gota-remotes-')), 'remotes.json');
    save(file, 'no es json');
    expect(() => registrySource({ REMOTES_FILE: file }).current()).toThrow(/remotes\.json no es JSON válido/);
  });
});
