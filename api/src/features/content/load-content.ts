import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sanitizeHtml from 'sanitize-html';
import { ContentError } from '../../common/content-error';
import { alliesOf, loadAllies, type AlliesContent } from './load-allies';
import { z } from 'zod';
import {
  editablePages,
  hasProse,
  type ContentSetItems,
  type EditableAlly,
  type EditableFact,
  type EditablePage,
  type EditablePageTexts,
  type ImpactCounter,
  type PageSeoText,
  type PageTexts,
  type PublicKit,
  type Story,
  type StoryFields,
  type StorySummary,
  type WaterFact,
} from '@gota/shared/contracts';
import { CountersFileSchema, PagesSeoSchema, PageTextsSchema, WaterFactSchema } from '@gota/shared/schemas';
import { parseStoryFile, storyOf, validateContent as validate } from '../stories';

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
  /** The campaign kit's visible files and its ZIP (decision 061): empty until the database is read. */
  kit: PublicKit;
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
  /** The texts of the editable pages the database has (decision 062); the files' for the others. */
  pages?: Partial<Record<EditablePage, EditablePageTexts>> | undefined;
  /** The kit as the database has it. */
  kit?: PublicKit | undefined;
  /** The allies and members as the database has them (hidden ones included); the files' when absent (decision 060). */
  allies?: EditableAlly[] | undefined;
}

/** The pages' texts as the files have them: each editable page's set, as it is imported (decision 062). */
export function pageTextsOfFiles(
  base: Pick<BaseContent, 'pagesSeo' | 'pageTexts'>,
): Pick<ContentSetItems, `pagina:${EditablePage}`> {
  const sets = {} as Pick<ContentSetItems, `pagina:${EditablePage}`>;
  for (const page of editablePages) {
    const seo = base.pagesSeo[page];
    if (seo) sets[`pagina:${page}`] = { seo, texts: hasProse(page) ? base.pageTexts[page] : null };
  }
  return sets;
}

/** The base content with the pages' texts the database has in place of the files'. */
function withPages(
  base: BaseContent,
  pages: Partial<Record<EditablePage, EditablePageTexts>>,
): Pick<BaseContent, 'pagesSeo' | 'pageTexts'> {
  const pagesSeo = { ...base.pagesSeo };
  const pageTexts = { ...base.pageTexts };
  for (const page of editablePages) {
    const set = pages[page];
    if (!set) continue;
    pagesSeo[page] = set.seo;
    if (hasProse(page) && set.texts) Object.assign(pageTexts, { [page]: set.texts });
  }
  return { pagesSeo, pageTexts };
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
    ...(published.pages ? withPages(base, published.pages) : {}),
    ...(published.kit ? { kit: published.kit } : {}),
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
  return { pagesSeo, pageTexts, facts, counters, kit: { files: [], archive: null }, ...loadAllies(dir) };
}

/**
 * Loads and validates every content file, the stories of the folder included: the content of the tests and tools, and
 * of the server until it has read the database's stories (decision 049).
 */
export function loadContent(dir: string): Content {
  return withStories(loadBaseContent(dir), { stories: loadStoryFiles(dir).map(storyOf), version: 'files' });
}
