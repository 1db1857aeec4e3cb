import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, loadFacts, loadStoryFiles } from './load-content';

const seo = { index: { title: 'Inicio', description: 'Descripción', keywords: 'agua' } };

function contentDir(story: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gota-content-'));
  writeFileSync(path.join(dir, 'pages.json'), JSON.stringify(seo));
  mkdirSync(path.join(dir, 'stories'));
  writeFileSync(path.join(dir, 'stories', 'historia.md'), story);
  return dir;
}

describe('loadContent and loadStoryFiles', () => {
  it('loads the real content folder', () => {
    const content = loadContent(path.resolve(import.meta.dirname, '../../../content'));
    expect(content.stories.length).toBeGreaterThan(0);
    expect(content.pagesSeo.index?.title).toContain('Gota a Gota');
  });

  it('names the file and the field of a broken story', () => {
    const dir = contentDir(
      '---\ntitulo: Hola\nslug: Mal Slug\nfecha: hoy\nfechaData: 2025-01-01\ntext: x\ntags: [AGUA]\nimg: /img/a.svg\nimgWhite: /img/a.svg\nalt: a\n---\nCuerpo',
    );
    expect(() => loadStoryFiles(dir)).toThrow(/historia\.md[\s\S]*campo «slug»/);
  });

  it('rejects a story without front matter', () => {
    const dir = contentDir('Solo texto');
    expect(() => loadStoryFiles(dir)).toThrow(/historia\.md: falta el encabezado/);
  });
});

function factsFile(value: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gota-facts-')), 'facts.json');
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('loadFacts', () => {
  it('keeps the highlights (and the one highlight class) and strips scripts, event handlers, other classes and links', () => {
    const facts = loadFacts(
      factsFile([
        {
          html: 'Solo <mark>3 %</mark> es <strong>dulce</strong> <em>y</em> <span class="resaltado dato" style="color:red">escasa</span>',
        },
        {
          html: 'Hola<script>alert(1)</script> <img src=x onerror="alert(2)"><strong onclick="alert(3)">agua</strong> <a href="javascript:alert(4)">enlace</a>',
        },
      ]),
    );
    expect(facts[0]?.html).toBe(
      'Solo <mark>3 %</mark> es <strong>dulce</strong> <em>y</em> <span class="resaltado">escasa</span>',
    );
    expect(facts[1]?.html).toBe('Hola <strong>agua</strong> enlace');
    expect(JSON.stringify(facts)).not.toMatch(/script|onerror|onclick|javascript/);
  });

  it('names the file and the field of a broken fact', () => {
    expect(() => loadFacts(factsFile([{ html: 'bien' }, { texto: 'mal' }]))).toThrow(/facts\.json[\s\S]*campo «1\.html»/);
  });

  it('names the file when it is not JSON', () => {
    expect(() => loadFacts(factsFile('[{ html: '))).toThrow(/facts\.json: no es JSON válido/);
  });
});
