/**
 * The campaign team's stories as the panel's «Historias» edits them (issue #41, decision 049): what the API sends the
 * editor's pages and answers its actions with, and the labels both sides share. Types and labels only; the rules are
 * the schemas of `@gota/shared/schemas` (stories-admin.ts).
 */

/** The states of a story, in the panel's words. */
export const storyStateLabels = {
  borrador: 'Borrador',
  programada: 'Programada',
  publicada: 'Publicada',
  retirada: 'Retirada',
} as const;
type StoryState = keyof typeof storyStateLabels;

/** What the log says of a change. */
export const storyActionLabels = {
  creada: 'Creada',
  guardada: 'Guardada',
  programada: 'Programada',
  desprogramada: 'Programación cancelada',
  publicada: 'Publicada',
  retirada: 'Retirada',
  restaurada: 'Revisión restaurada',
  importada: 'Importada',
} as const;
export type StoryAction = keyof typeof storyActionLabels;

/** Limits the editor shows as counters and the server enforces (shared so both say the same). */
export const storyLimits = {
  title: 140,
  /** The excerpt is the page's meta description. */
  excerpt: 180,
  body: 100_000,
  tags: 8,
  tag: 30,
  alt: 200,
  displayDate: 40,
} as const;

/**
 * The editable fields of a story (product §3 "Blog post"): its front matter and its body as Markdown. `img` and
 * `imgWhite` are image addresses (`/img/…` of the site, or `/media/{id}/…` of an uploaded photo).
 */
export interface StoryFields {
  titulo: string;
  slug: string;
  /** Display date as the team writes it («12 de marzo de 2025»). */
  fecha: string;
  /** AAAA-MM-DD: the order of the lists. */
  fechaData: string;
  /** The excerpt: cards and the meta description. */
  text: string;
  tags: string[];
  img: string;
  imgWhite: string;
  alt: string;
  bigImage: boolean;
  slides: {
    images: Record<'0' | '600' | '1200', { path: string; ar: number }>;
    alt: string;
    fuente: string | null;
  }[];
  /** Markdown: headings (##, ###), lists, bold, italics, links, quotes. */
  body: string;
}

/**
 * The address a title proposes (issue #41 item 3): without accents (ñ → n), lower case, words joined by hyphens, at
 * most 100 characters (the schema's limit), never ending in a hyphen. The editor proposes it as the title is typed;
 * the API gives it to a draft saved without one.
 *
 * @example
 * proposeSlug('Año nuevo: ¡agua en Ñuñoa!') // 'ano-nuevo-agua-en-nunoa'
 */
export function proposeSlug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 100)
    .replace(/^-+|-+$/g, '');
}

/** What a field is called on screen (the revisions' comparison and the messages). */
export const storyFieldLabels: Record<keyof StoryFields, string> = {
  titulo: 'Título',
  slug: 'Dirección',
  fecha: 'Fecha visible',
  fechaData: 'Fecha',
  text: 'Resumen',
  tags: 'Etiquetas',
  img: 'Imagen principal',
  imgWhite: 'Imagen de fondo',
  alt: 'Texto alternativo',
  bigImage: 'Imagen grande',
  slides: 'Carrusel',
  body: 'Texto',
};

/** A story in the panel's list. */
export interface StoryListItem {
  id: string;
  titulo: string;
  slug: string;
  state: StoryState;
  /** Saved changes not yet on the public page (a published story edited since). */
  pendingChanges: boolean;
  /** ISO 8601 of the last change, and who made it (an account's email, or «sistema»). */
  updatedAt: string;
  updatedBy: string;
  /** ISO 8601 of the scheduled publication, or null. */
  publishAt: string | null;
}

/** One saved revision of a story (every save is one). */
export interface StoryRevisionSummary {
  number: number;
  by: string;
  at: string;
}

/** A line of the story's log (append-only). */
export interface StoryLogEntry {
  action: StoryAction;
  by: string;
  at: string;
  detail: string | null;
}

/** A story as the editor opens it. */
export interface EditorStory extends StoryListItem {
  /** The working copy: what the editor shows and saves. */
  fields: StoryFields;
  /** Optimistic concurrency: a save or an action sends the version it was based on; another one answers 409. */
  version: number;
  /** Whether the slug may still change freely (never published); after that a change keeps the old address as a 301. */
  slugFree: boolean;
  /** ISO 8601 of the first publication, or null. */
  firstPublishedAt: string | null;
}

/** Props of `Panel/Historias` (GET /panel/historias). */
export interface HistoriasPageProps {
  stories: StoryListItem[];
  /** The list's search box, as typed (?q=). */
  query: string;
}

/** Props of `Panel/Historia` (GET /panel/historias/nueva and /panel/historias/{id}). */
export interface HistoriaPageProps {
  /** null: a new story, not saved yet (the first save creates it). */
  story: EditorStory | null;
  revisions: StoryRevisionSummary[];
  log: StoryLogEntry[];
  /** The site's address, to show the story's public URL. */
  siteUrl: string;
}

/** The answer to a save, an action or a restore: the story as it is now. */
export interface StoryAnswer {
  story: EditorStory;
  message: string;
}

/** A 409: somebody else saved first. Both texts, so the editor can show them side by side. */
export interface StoryConflict {
  message: string;
  current: EditorStory;
}

/** GET …/revisiones/{n}: one revision's fields. */
export interface StoryRevision extends StoryRevisionSummary {
  fields: StoryFields;
}

/** The public address of a story and the panel's addresses of its actions (JSON API, same-origin, CSRF-protected). */
export const storiesApi = {
  list: '/api/historias',
  one: (id: string) => `/api/historias/${encodeURIComponent(id)}`,
  publish: (id: string) => `/api/historias/${encodeURIComponent(id)}/publicar`,
  schedule: (id: string) => `/api/historias/${encodeURIComponent(id)}/programar`,
  unschedule: (id: string) => `/api/historias/${encodeURIComponent(id)}/desprogramar`,
  withdraw: (id: string) => `/api/historias/${encodeURIComponent(id)}/retirar`,
  revisions: (id: string) => `/api/historias/${encodeURIComponent(id)}/revisiones`,
  revision: (id: string, number: number) => `/api/historias/${encodeURIComponent(id)}/revisiones/${number}`,
  restore: (id: string, number: number) => `/api/historias/${encodeURIComponent(id)}/revisiones/${number}/restaurar`,
  markdown: (id: string) => `/api/historias/${encodeURIComponent(id)}/markdown`,
  preview: (id: string) => `/panel/historias/${encodeURIComponent(id)}/vista-previa`,
} as const;
