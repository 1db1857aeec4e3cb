import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sanitizeHtml from 'sanitize-html';
import { ContentError } from './content-error';
import { alliesOf, loadAllies, type AlliesContent } from './load-allies';
import { z } from 'zod';
import type { EditableAlly, EditableFact, ImpactCounter, PageSeoText, PageTexts, Story, StoryFields, StorySummary, WaterFact } from '@gota/shared/contracts';
import { CountersFileSchema, PagesSeoSchema, PageTextsSchema, WaterFactSchema } from '@gota/shared/schemas';
import { parseStoryFile, storyOf, validateContent as validate } from './story-format';

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
  /** Water facts (product §3) visitors see, in the panel's order, their HTML already sanitized. */
  facts: WaterFact[];
  /** The home page's impact counters, in order (decision 059). */
  counters: ImpactCounter[];
  /** The prose of QuienesSomos, Descargas and DatosAgua (page-texts.json): their props, and what the search indexes. */
  pageTexts: PageTexts;
  /** Names this content: the answer cache's generation and the search's follow it (`withStories` sets it). */
  version: string;
  /** Old addresses of published stories whose slug changed → the slug now (a 301). */
  redirects: ReadonlyMap<string, string>;
  /** Slugs of withdrawn stories: their address answers 410. */
  gone: ReadonlySet<string>;
}

/** The content that is not stories: files read at start. */
export type BaseContent = Omit<Content, 'stories' | 'storySummaries' | 'storyBySlug' | 'version' | 'redirects' | 'gone'>;

/** What a content's stories part is built from. */
export interface PublishedStories {
  stories: Story[];
  redirects?: ReadonlyMap<string, string>;
  gone?: ReadonlySet<string>;
  /** Names this set of stories (the database's content position; `files` for the folder). */
  version: string;
  /** The water facts as the database has them (hidden ones included); the files' when absent (decision 059). */
  facts?: EditableFact[] | undefined;
  /** The impact counters as the database has them; the files' when absent. */
  counters?: ImpactCounter[] | undefined;
  /** The allies and members as the database has them (hidden ones included); the files' when absent (decision 060). */
  allies?: EditableAlly[] | undefined;
}

/**
 * The content with these stories: sorted by fechaData (newest first), their summaries and their index by slug, made
 * once here rather than on every request for a page that lists stories.
 */
export function withStories(base: BaseContent, published: PublishedStories): Content {
  const stories = [...published.stories].sort((a, b) => b.fechaData.localeCompare(a.fechaData) || a.slug.localeCompare(b.slug));
  const storyBySlug = new Map<string, Story>();
  for (const story of stories) {
    if (storyBySlug.has(story.slug)) throw new ContentError(`Contenido inválido: el slug «${story.slug}» está repetido`);
    storyBySlug.set(story.slug, story);
  }
  const storySummaries = stories.map(({ bodyHtml: _bodyHtml, ...summary }, index) => ({ ...summary, index }));
  return {
    ...base,
    ...(published.facts ? { facts: factsForVisitors(published.facts) } : {}),
    ...(published.counters ? { counters: published.counters } : {}),
    ...(published.allies ? alliesOf(published.allies) : {}),
    stories,
    storySummaries,
    storyBySlug,
    version: published.version,
    redirects: published.redirects ?? new Map(),
    gone: published.gone ?? new Set(),
  };
}

/** The story files of api/content/stories (the import's source and the content before the database is read). */
export function loadStoryFiles(dir: string): StoryFields[] {
  const storiesDir = path.join(dir, 'stories');
  return readdirSync(storiesDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = path.join(storiesDir, name);
      return parseStoryFile(readFileSync(file, 'utf8'), file);
    });
}

/** A fact may only highlight: anything else (scripts, handlers, links, styles) is dropped, keeping the text. */
function sanitizeFactHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['strong', 'em', 'mark', 'span'],
    // the one highlight class the panel's editor and its check (factMarkupProblem) know
    allowedAttributes: { span: ['class'] },
    allowedClasses: { span: ['resaltado'] },
  });
}

/** The facts visitors see: the visible ones, in order, sanitized again (what the database holds was checked on save). */
function factsForVisitors(facts: EditableFact[]): WaterFact[] {
  return facts.filter((fact) => fact.visible).map((fact) => ({ html: sanitizeFactHtml(fact.html) }));
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

/** Reads and validates the impact counters (content/counters.json): the one-time import's source (decision 059). */
function loadCounters(file: string): ImpactCounter[] {
  return validate(CountersFileSchema, readJson(file), file);
}

/** Loads and validates every content file but the stories; the server does not start with a broken one. */
export function loadBaseContent(dir: string): BaseContent {
  const pagesFile = path.join(dir, 'pages.json');
  const pagesSeo = validate(PagesSeoSchema, readJson(pagesFile), pagesFile);
  const facts = loadFacts(path.join(dir, 'facts.json'));
  const pageTextsFile = path.join(dir, 'page-texts.json');
  const pageTexts = validate(PageTextsSchema, readJson(pageTextsFile), pageTextsFile);
  const counters = loadCounters(path.join(dir, 'counters.json'));
  return { pagesSeo, pageTexts, facts, counters, ...loadAllies(dir) };
}

/**
 * Loads and validates every content file, the stories of the folder included: the content of the tests and tools, and
 * of the server until it has read the database's stories (decision 049).
 */
export function loadContent(dir: string): Content {
  return withStories(loadBaseContent(dir), { stories: loadStoryFiles(dir).map(storyOf), version: 'files' });
}
