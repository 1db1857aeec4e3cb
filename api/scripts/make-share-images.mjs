/**
 * Share cards of the stories (1200×630 JPEG, what Facebook, X and LinkedIn show in a link preview; none of them
 * renders SVG): the story's illustration beside its title, drawn by Chromium from the story's own SVG.
 *   node api/scripts/make-share-images.mjs            (after adding or renaming a story; CHROMIUM_PATH to override)
 * Output: api/public/img/historias/compartir/{slug}.jpg — committed; a content test checks that every story has one.
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { parse as parseYaml } from 'yaml';

const apiDir = path.resolve(import.meta.dirname, '..');
const storiesDir = path.join(apiDir, 'content/stories');
const publicDir = path.join(apiDir, 'public');
const outDir = path.join(publicDir, 'img/historias/compartir');

const escapeHtml = (value) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function card(story) {
  const svg = readFileSync(path.join(publicDir, story.img), 'utf8');
  const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html lang="es-MX"><meta charset="utf-8"><style>
    body { margin: 0; width: 1200px; height: 630px; overflow: hidden; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif;
      background: linear-gradient(135deg, #0b5cad, #084a8c); color: #fff; display: flex; align-items: center; }
    .texto { flex: 1; padding: 0 48px 0 64px; }
    .marca { font-size: 26px; letter-spacing: 0.06em; text-transform: uppercase; opacity: 0.9; margin: 0 0 24px; }
    h1 { font-size: ${story.titulo.length > 70 ? 40 : 48}px; line-height: 1.15; margin: 0; }
    img { width: 560px; height: 420px; margin-right: 56px; border-radius: 24px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3); }
  </style><div class="texto"><p class="marca">Gota a Gota · Historias</p><h1>${escapeHtml(story.titulo)}</h1></div><img src="${image}" alt=""></html>`;
}

const stories = readdirSync(storiesDir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => parseYaml(/^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path.join(storiesDir, name), 'utf8'))?.[1] ?? ''));

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const story of stories) {
    await page.setContent(card(story));
    await page.screenshot({ path: path.join(outDir, `${story.slug}.jpg`), type: 'jpeg', quality: 82 });
  }
} finally {
  await browser.close();
}
console.log(`${stories.length} tarjetas escritas en ${outDir}`);
