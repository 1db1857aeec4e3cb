import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from './load-content';

const seo = { index: { title: 'Inicio', description: 'Descripción', keywords: 'agua' } };

function contentDir(story: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gota-content-'));
  writeFileSync(path.join(dir, 'pages.json'), JSON.stringify(seo));
  mkdirSync(path.join(dir, 'stories'));
  writeFileSync(path.join(dir, 'stories', 'historia.md'), story);
  return dir;
}

describe('loadContent', () => {
  it('loads the real content folder', () => {
    const content = loadContent(path.resolve(import.meta.dirname, '../../content'));
    expect(content.stories.length).toBeGreaterThan(0);
    expect(content.pagesSeo.index?.title).toContain('Gota a Gota');
  });

  it('names the file and the field of a broken story', () => {
    const dir = contentDir('---\ntitulo: Hola\nslug: Mal Slug\nfecha: hoy\nfechaData: 2025-01-01\ntext: x\ntags: [AGUA]\nimg: /img/a.svg\nimgWhite: /img/a.svg\nalt: a\n---\nCuerpo');
    expect(() => loadContent(dir)).toThrow(/historia\.md[\s\S]*campo «slug»/);
  });

  it('rejects a story without front matter', () => {
    const dir = contentDir('Solo texto');
    expect(() => loadContent(dir)).toThrow(/historia\.md: falta el encabezado/);
  });
});
