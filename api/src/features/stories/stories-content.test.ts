import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storyShareImage } from '../pages';
import { loadContent } from '../content';

/** Checks of the editorial content itself (product §10.4): what an editor could break by hand. */
const apiDir = path.resolve(import.meta.dirname, '../../..');
const content = loadContent(path.join(apiDir, 'content'));
const months = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function wordsOf(html: string): number {
  return html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Width and height attributes of a public SVG: every image needs them so that it takes its place before loading. */
function svgSize(publicPath: string): { width: number; height: number; bytes: number } {
  const file = path.join(apiDir, 'public', publicPath);
  expect(existsSync(file), `${publicPath} existe`).toBe(true);
  const source = readFileSync(file, 'utf8');
  const root = /<svg\b[^>]*>/.exec(source)?.[0] ?? '';
  expect(root, `${publicPath} tiene viewBox`).toMatch(/viewBox="0 0 \d+ \d+"/);
  return {
    width: Number(/\swidth="(\d+)"/.exec(root)?.[1]),
    height: Number(/\sheight="(\d+)"/.exec(root)?.[1]),
    bytes: statSync(file).size,
  };
}

/** Width and height from a JPEG's start-of-frame marker, without decoding the pixels. */
function jpegSize(bytes: Buffer): [number, number] {
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return [bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5)];
    offset += 2 + length;
  }
  return [0, 0];
}

describe('the stories', () => {
  it('are the 15 of product §2, each with its own slug', () => {
    expect(content.stories).toHaveLength(15);
    expect(new Set(content.stories.map((story) => story.slug)).size).toBe(15);
  });

  it('have titles and excerpts that fit a search result', () => {
    for (const story of content.stories) {
      expect(story.titulo.length, story.slug).toBeLessThanOrEqual(80);
      expect(story.text.length, story.slug).toBeLessThanOrEqual(180);
    }
  });

  it('are dated from 2025-06-27 to 2025-10-17, newest first, with the Spanish display date matching', () => {
    const dates = content.stories.map((story) => story.fechaData);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.at(-1)).toBe('2025-06-27');
    expect(dates[0]).toBe('2025-10-17');
    for (const story of content.stories) {
      const [year, month, day] = story.fechaData.split('-').map(Number);
      expect(story.fecha, story.slug).toBe(`${day} de ${months[(month ?? 1) - 1]} de ${year}`);
    }
  });

  it('have bodies of 300 to 700 words, with subheadings', () => {
    for (const story of content.stories) {
      const words = wordsOf(story.bodyHtml);
      expect(words, story.slug).toBeGreaterThanOrEqual(300);
      expect(words, story.slug).toBeLessThanOrEqual(700);
      expect(story.bodyHtml, story.slug).toContain('<h2>');
    }
  });

  it('have main and background illustrations of 800×600 that stay small', () => {
    for (const story of content.stories) {
      for (const image of [story.img, story.imgWhite]) {
        const { width, height, bytes } = svgSize(image);
        expect({ image, width, height }).toEqual({ image, width: 800, height: 600 });
        expect(bytes, image).toBeLessThan(6 * 1024);
      }
    }
  });

  it('have slide images whose size matches the declared aspect ratio at 0, 600 and 1200', () => {
    const withSlides = content.stories.filter((story) => story.slides.length > 0);
    expect(withSlides.length).toBeGreaterThanOrEqual(3);
    expect(withSlides.some((story) => story.slides.length > 1)).toBe(true);
    for (const slide of withSlides.flatMap((story) => story.slides)) {
      expect(slide.images['0'].ar).toBe(1);
      for (const image of Object.values(slide.images)) {
        const { width, height, bytes } = svgSize(image.path);
        expect(Math.abs(width / height - image.ar), image.path).toBeLessThan(0.02);
        expect(bytes, image.path).toBeLessThan(6 * 1024);
      }
    }
  });

  it('each have a 1200×630 share card for link previews', () => {
    for (const story of content.stories) {
      const file = path.join(apiDir, 'public', storyShareImage(story));
      expect(existsSync(file), `${story.slug}: falta su tarjeta; corre node api/scripts/make-share-images.mjs`).toBe(true);
      expect(jpegSize(readFileSync(file)), story.slug).toEqual([1200, 630]);
    }
  });

  it('give some stories the big image', () => {
    expect(content.stories.filter((story) => story.bigImage).length).toBeGreaterThanOrEqual(2);
  });

  it('fade the artwork of wide slides into its side bands, so no seam shows where they meet (#16 row 8)', () => {
    const wide = content.stories.flatMap((story) =>
      (story.slides ?? []).flatMap((slide) => [slide.images['600'].path, slide.images['1200'].path]),
    );
    expect(wide.length).toBeGreaterThan(0);
    for (const publicPath of new Set(wide)) {
      const source = readFileSync(path.join(apiDir, 'public', publicPath), 'utf8');
      // the 800×600 artwork placed between the bands: the first scaled group
      const artwork = /<g transform="translate\([\d.]+ [\d.]+\) scale\([\d.]+\)"[^>]*>/.exec(source)?.[0];
      if (!artwork) continue;
      expect(artwork, publicPath).toContain('mask="url(#bordes)"');
      expect(source, publicPath).toMatch(/<mask id="bordes"[^>]*><rect width="800" height="600" fill="url\(#borde\)"\/><\/mask>/);
    }
  });

  it("link 'Un latido en cada gota' to the campaign downloads and its video", () => {
    const story = content.storyBySlug.get('un-latido-en-cada-gota');
    expect(story?.bodyHtml).toContain('<a href="/campana">');
    // the video itself, not the channel (#16 row 9)
    expect(story?.bodyHtml).toMatch(
      /<a href="https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}" target="_blank" rel="noopener noreferrer">ver el video de la campaña<\/a>/,
    );
  });
});

describe('the water facts', () => {
  it('are the 4 base facts, then the same 4 in another order', () => {
    expect(content.facts).toHaveLength(8);
    const base = content.facts.slice(0, 4).map((fact) => fact.html);
    const again = content.facts.slice(4).map((fact) => fact.html);
    expect(new Set(base).size).toBe(4);
    expect([...again].sort()).toEqual([...base].sort());
    expect(again).not.toEqual(base);
  });

  it('cover the facts of product §3, each with a highlight', () => {
    const text = content.facts
      .slice(0, 4)
      .map((fact) => fact.html)
      .join(' ');
    for (const figure of ['30 litros', '70', '3', '529 mil millones']) expect(text).toContain(figure);
    for (const fact of content.facts) expect(fact.html).toMatch(/<(strong|mark)>/);
  });
});
