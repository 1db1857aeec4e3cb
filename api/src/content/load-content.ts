import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { ContentError } from './content-error';
import { loadAllies, type AlliesContent } from './load-allies';
import { z } from 'zod';
import type { PageSeoText, PageTexts, Story, StorySummary, WaterFact } from '@gota/shared/contracts';
import { PagesSeoSchema, PageTextsSchema, StoryFrontMatterSchema, WaterFactSchema } from '@gota/shared/schemas';

export interface Content extends AlliesContent {
  pagesSeo: Record<string, PageSeoText>;
  /** Sorted by fechaData, newest first. */
  stories: Story[];
  /**
   * What a list or a card needs of each story, in the same order: everything but the body, and `index`, its place in
   * the newest-first listing. Made once here rather than on every request for a page that lists stories.
   */
  storySummaries: StorySummary[];
  storyBySlug: Map<string, Story>;
  /** Water facts (product §3) in file order, their HTML already sanitized. */
  facts: WaterFact[];
  /** The prose of QuienesSomos, Descargas and DatosAgua (page-texts.json): their props, and what the search indexes. */
  pageTexts: PageTexts;
}

function validate<S extends z.ZodType>(schema: S, value: unknown, file: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `  campo «${issue.path.join('.') || '(raíz)'}»: ${issue.message}`);
    throw new ContentError(`Contenido inválido en ${file}:\n${issues.join('\n')}`);
  }
  return parsed.data;
}

function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(`Contenido inválido en ${file}: falta el encabezado entre líneas ---`);
  try {
    return { data: parseYaml(match[1] ?? ''), body: match[2] ?? '' };
  } catch (error) {
    throw new ContentError(`Contenido inválido en ${file}: el encabezado no es YAML válido (${(error as Error).message})`);
  }
}

/** Markdown of a story body → HTML with only the tags a story needs (editors' files are trusted, but not blindly). */
function renderStoryBody(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'br'],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    transformTags: {
      // external links open in a new tab without handing it our window
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.href?.startsWith('/') ? attribs : { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
      }),
    },
  });
}

/** A fact may only highlight: anything else (scripts, handlers, links, styles) is dropped, keeping the text. */
function sanitizeFactHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['strong', 'em', 'mark', 'span'],
    allowedAttributes: { span: ['class'] },
  });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError(`Contenido inválido en ${file}: no es JSON válido (${(error as Error).message})`);
  }
}

const FactsFileSchema = z.array(WaterFactSchema).min(1, 'Hace falta al menos un dato');

/** Reads, validates and sanitizes the water facts (content/facts.json). */
export function loadFacts(file: string): WaterFact[] {
  return validate(FactsFileSchema, readJson(file), file).map((fact) => ({ html: sanitizeFactHtml(fact.html) }));
}

/** Loads and validates every content file; the server does not start with a broken one. */
export function loadContent(dir: string): Content {
  const pagesFile = path.join(dir, 'pages.json');
  const pagesSeo = validate(PagesSeoSchema, JSON.parse(readFileSync(pagesFile, 'utf8')), pagesFile);

  const storiesDir = path.join(dir, 'stories');
  const stories = readdirSync(storiesDir)
    .filter((name) => name.endsWith('.md'))
    .map((name): Story => {
      const file = path.join(storiesDir, name);
      const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'), file);
      const front = validate(StoryFrontMatterSchema, data, file);
      return { ...front, bodyHtml: renderStoryBody(body) };
    })
    .sort((a, b) => b.fechaData.localeCompare(a.fechaData));

  const storyBySlug = new Map<string, Story>();
  for (const story of stories) {
    if (storyBySlug.has(story.slug)) throw new ContentError(`Contenido inválido: el slug «${story.slug}» está repetido`);
    storyBySlug.set(story.slug, story);
  }
  const facts = loadFacts(path.join(dir, 'facts.json'));
  const pageTextsFile = path.join(dir, 'page-texts.json');
  const pageTexts = validate(PageTextsSchema, readJson(pageTextsFile), pageTextsFile);
  const storySummaries = stories.map(({ bodyHtml: _bodyHtml, ...summary }, index) => ({ ...summary, index }));
  return { pagesSeo, pageTexts, stories, storySummaries, storyBySlug, facts, ...loadAllies(dir) };
}
