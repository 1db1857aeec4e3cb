import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import type { SearchKind } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import type { Content } from '../content';

/** One thing the search can find, as the index stores it (`search_documents`, decision 042). */
export interface SearchDocument {
  kind: SearchKind;
  url: string;
  label: string;
  /** Ranked first (weight A). */
  title: string;
  /** Tags, a section's name: ranked after the title (weight B). */
  extra: string;
  /** Plain text (weight D), where the snippet comes from. */
  body: string;
  /** A story's date (AAAA-MM-DD): the newer of two equal results comes first. */
  date: string | null;
}

/**
 * Marks the snippets' matched words in the database's answer (search-query.ts). They never occur in a document: any
 * that the content holds is taken out here.
 */
export const markStart = '\u27e6';
export const markEnd = '\u27e7';
const marksInText = new RegExp(`[${markStart}${markEnd}]`, 'g');

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };

/** The text of sanitised HTML (a story's body, a fact): tags out, block ends as line breaks, entities decoded. */
function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(?:p|h2|h3|li|blockquote)>|<br\s*\/?>/g, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(marksInText, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

function clean(text: string): string {
  return text.replace(marksInText, '').trim();
}

/** A fact's first sentence is its title; the rest, if any, its body. */
function splitFact(text: string): { title: string; body: string } {
  const end = /[.!?](?=\s+\S)/.exec(text);
  if (!end) return { title: text, body: '' };
  return { title: text.slice(0, end.index + 1), body: text.slice(end.index + 1).trim() };
}

/** The parts of the campaign's pages, each a result of its own with the anchor of its section. */
function pageSections(content: Content): SearchDocument[] {
  const about = content.pageTexts['quienes-somos'];
  const campaign = content.pageTexts.descargas;
  const manifesto = content.pageTexts['datos-agua'].manifesto;
  const list = (items: { title: string; text: string }[]) => items.map((item) => `${item.title}. ${item.text}`).join('\n');
  const part = (
    page: 'quienes-somos' | 'descargas' | 'datos-agua',
    label: string,
    anchor: string,
    title: string,
    body: string,
  ): SearchDocument => ({
    kind: 'pagina',
    url: `${route(page)}${anchor ? `#${anchor}` : ''}`,
    label,
    title: clean(title),
    extra: label,
    body: clean(body),
    date: null,
  });
  return [
    part('quienes-somos', 'Quiénes somos', '', about.hero.title, about.hero.lead),
    part('quienes-somos', 'Quiénes somos', 'mision', about.mission.title, about.mission.paragraphs.join('\n')),
    part('quienes-somos', 'Quiénes somos', 'vision', about.vision.title, about.vision.paragraphs.join('\n')),
    part('quienes-somos', 'Quiénes somos', 'objetivos', about.objectives.title, list(about.objectives.items)),
    part('quienes-somos', 'Quiénes somos', 'participar', about.participate.title, list(about.participate.items)),
    part('descargas', 'Campaña', '', campaign.hero.title, campaign.hero.lead),
    part('descargas', 'Campaña', 'campana', campaign.campaign.title, campaign.campaign.paragraphs.join('\n')),
    part('descargas', 'Campaña', 'codigo-visual', campaign.visualCode.title, campaign.visualCode.paragraphs.join('\n')),
    part('descargas', 'Campaña', 'uso-libre', campaign.freeUse.title, campaign.freeUse.paragraphs.join('\n')),
    part(
      'datos-agua',
      'Datos del agua',
      'manifiesto',
      manifesto.title,
      [...manifesto.statements, `${manifesto.commitment.lead} ${manifesto.commitment.text}`].join('\n'),
    ),
  ];
}

/**
 * Everything a visitor can read that the search finds (issue #34 item 1), in the order that breaks ties: the stories
 * newest first, then the pages' parts, the allies, the water facts and the members.
 */
export function searchDocuments(content: Content): SearchDocument[] {
  const stories = content.stories.map((story): SearchDocument => ({
    kind: 'historia',
    url: route('post', { slug: story.slug }),
    label: `Historia · ${story.fecha}`,
    title: clean(story.titulo),
    extra: story.tags.join(', '),
    body: `${clean(story.text)}\n${plainText(story.bodyHtml)}`,
    date: story.fechaData,
  }));
  const allies = content.allies.map((ally): SearchDocument => ({
    kind: 'aliado',
    url: `${route('aliados')}#aliados-logos`,
    label: 'Aliado',
    title: clean(ally.empresa),
    extra: 'Aliados',
    body: clean(ally.text),
    date: null,
  }));
  // the carousel shows each fact twice, in two orders (product §3): found once
  const factTexts = [...new Set(content.facts.map((fact) => plainText(fact.html)))];
  const facts = factTexts.map((text): SearchDocument => {
    const { title, body } = splitFact(text);
    return {
      kind: 'dato',
      url: route('blog'),
      label: 'Dato sobre el agua',
      title,
      extra: 'Datos sobre el agua',
      body,
      date: null,
    };
  });
  const members = content.members.map((member): SearchDocument => ({
    kind: 'miembro',
    url: `${route('datos-agua')}#miembros`,
    label: 'Miembro del movimiento',
    title: clean(member.name),
    extra: 'Miembros',
    body: '',
    date: null,
  }));
  return [...stories, ...pageSections(content), ...allies, ...facts, ...members];
}

/** Changes whenever a document or the way they are indexed does: a new generation of the index. */
const indexFormat = 3;

/** The generation's name: a digest of the documents and of the index's format. */
export function generationOf(documents: SearchDocument[]): string {
  return createHash('sha256')
    .update(JSON.stringify([indexFormat, documents]))
    .digest('hex')
    .slice(0, 32);
}
