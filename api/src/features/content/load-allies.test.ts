import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAllies } from './load-allies';

const contentDir = path.resolve(import.meta.dirname, '../../../content');
const publicDir = path.resolve(import.meta.dirname, '../../../public');

const ally = { empresa: 'Zeta', img: '/img/aliados/zeta.svg', cover: false, text: 'Texto', link: 'https://zeta.example' };
const member = { logo: '/img/miembros/uno.svg', name: 'Uno' };

function tempContent(allies: unknown, members: unknown = [member]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gota-allies-'));
  writeFileSync(path.join(dir, 'allies.json'), JSON.stringify(allies));
  writeFileSync(path.join(dir, 'members.json'), JSON.stringify(members));
  return dir;
}

describe('loadAllies', () => {
  it('loads about 25 allies sorted by empresa with Spanish collation, and the 16 members', () => {
    const { allies, members } = loadAllies(contentDir, publicDir);
    expect(allies.length).toBeGreaterThanOrEqual(20);
    expect(allies.length).toBeLessThanOrEqual(30);
    const names = allies.map((a) => a.empresa);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(members).toHaveLength(16);
  });

  it('gives every ally a button label, cover false and an https link', () => {
    for (const ally of loadAllies(contentDir, publicDir).allies) {
      expect(ally.textBtn.length).toBeGreaterThan(0);
      expect(ally.cover).toBe(false);
      expect(new URL(ally.link).protocol).toBe('https:');
    }
  });

  it('points every logo at a file that exists', () => {
    const { allies, members } = loadAllies(contentDir, publicDir);
    const images = [...allies.flatMap((a) => [a.img, a.img2 ?? a.img]), ...members.map((m) => m.logo)];
    for (const image of images) expect(existsSync(path.join(publicDir, image)), image).toBe(true);
  });

  it('defaults the button label to «Conoce más» and sorts «Á» with «A»', () => {
    const dir = tempContent([ally, { ...ally, empresa: 'Árbol' }, { ...ally, empresa: 'Bosque', textBtn: 'Visita' }]);
    const { allies } = loadAllies(dir, undefined);
    expect(allies.map((a) => a.empresa)).toEqual(['Árbol', 'Bosque', 'Zeta']);
    expect(allies.map((a) => a.textBtn)).toEqual(['Conoce más', 'Visita', 'Conoce más']);
  });

  it('names the file and the field of a broken ally', () => {
    const dir = tempContent([ally, { ...ally, empresa: 'Otra', link: 'http://inseguro.example' }]);
    expect(() => loadAllies(dir, undefined)).toThrow(/allies\.json[\s\S]*campo «1\.link»/);
  });

  it('refuses a logo that is not in the public folder', () => {
    const dir = tempContent([ally]);
    expect(() => loadAllies(dir, publicDir)).toThrow(/allies\.json[\s\S]*campo «0\.img»: no existe la imagen/);
  });

  it('names the file and the field of a broken member', () => {
    const dir = tempContent([ally], [{ logo: 'logo.svg', name: 'Uno' }]);
    expect(() => loadAllies(dir, undefined)).toThrow(/members\.json[\s\S]*campo «0\.logo»/);
  });
});
