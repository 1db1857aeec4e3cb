/**
 * The water facts and the home page's impact counters as the panel edits them (issue #42 items 2 and 3, decision 059):
 * each is one ordered set in the database, saved whole with the version it was read at, every save a revision and a
 * line of the content log, published at once. Types, limits and labels only; the rules are the schemas of
 * `@gota/shared/schemas` (content-sets.ts).
 */

/**
 * The sets: the water facts (/historias, /datos-agua), the impact counters (the home page), and the allies and members
 * (/aliados, the home page's strip, the members of /datos-agua; decision 060).
 */
export type ContentSetKind = 'datos' | 'contadores' | 'aliados';

/** A water fact as the panel keeps it: its highlighted text and whether visitors see it. */
export interface EditableFact {
  /** Text with highlights only: `<strong>`, `<em>`, `<mark>`, `<span class="resaltado">` (factMarkupProblem). */
  html: string;
  visible: boolean;
}

/**
 * One impact counter of the home page: a whole number and what it counts. Figures of a million or more are shown in
 * millions with one decimal («1.6 M»); `prefijo` and `sufijo` are short signs around the figure («+», « L»).
 */
export interface ImpactCounter {
  valor: number;
  prefijo: string;
  sufijo: string;
  etiqueta: string;
}

/** The two sections of the allies' set: the allies of /aliados and the home strip, the members of /datos-agua. */
export const allySections = { aliados: 'Aliados', miembros: 'Miembros' } as const;
export type AllySection = keyof typeof allySections;

/**
 * An ally or a member as the panel keeps it (decision 060): one list for both sections, so moving an organisation from
 * one to the other is a change of `seccion` and its place. A member shows its name and logo only; its description and
 * link are kept (empty or not), so moving it back loses nothing.
 */
export interface EditableAlly {
  /** Stable within the set: the lead it came from names it, the panel's rows are keyed by it. */
  id: string;
  seccion: AllySection;
  empresa: string;
  /** The logo: a file of the site (`/img/aliados/…`, `/img/miembros/…`) or an uploaded one (`/media/{id}/…`). */
  img: string;
  /** An image for the popup of /aliados, optional. */
  img2?: string | undefined;
  /** Plain text, line breaks as `\n` (an ally's is required). */
  text: string;
  /** Its site, https (an ally's is required). */
  link: string;
  /** The popup's button; empty is «Conoce más». */
  textBtn: string;
  visible: boolean;
}

/** What each set holds. */
export interface ContentSetItems {
  datos: EditableFact[];
  contadores: ImpactCounter[];
  aliados: EditableAlly[];
}

/**
 * A set as the panel shows it: its items in order, the version a save must name, and its last change. Version 0 (and
 * no last change) is a set the database does not have yet: the files' items, which the first save puts there.
 */
export interface ContentSet<K extends ContentSetKind> {
  kind: K;
  items: ContentSetItems[K];
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export const contentSetActionLabels = {
  importada: 'Importado de los archivos',
  guardada: 'Publicado',
  restaurada: 'Revisión restaurada',
} as const;
export type ContentSetAction = keyof typeof contentSetActionLabels;

export interface ContentSetRevisionSummary {
  number: number;
  by: string;
  at: string;
}

export interface ContentSetLogEntry {
  action: ContentSetAction;
  by: string;
  at: string;
  detail: string | null;
}

/** The props of `Panel/Datos`, `Panel/Contadores` and `Panel/Aliados`: the set, its revisions (newest first) and its log. */
export interface ContentSetPageProps<K extends ContentSetKind> {
  set: ContentSet<K>;
  revisions: (ContentSetRevisionSummary & { items: ContentSetItems[K] })[];
  log: ContentSetLogEntry[];
}

/** A lead of the inbox an editor turns into an ally («Convertir en aliado»): what the new ally's form starts from. */
export interface AllyFromLead {
  leadId: string;
  empresa: string;
  /** The contact's name and email, for the editor's reference (not shown to visitors). */
  contacto: string;
  mensaje: string | null;
}

/** The props of `Panel/Aliados`: the set's page and, from «Convertir en aliado», the lead to start a new ally from. */
export interface AlliesPageProps extends ContentSetPageProps<'aliados'> {
  fromLead: AllyFromLead | null;
}

/** The answer to a save or a restore: the set as it is now, and what happened in Spanish. */
export interface ContentSetAnswer<K extends ContentSetKind> {
  set: ContentSet<K>;
  message: string;
}

/** A 409: somebody saved the set since it was read; `current` is the set as it is now. */
export interface ContentSetConflict<K extends ContentSetKind> {
  message: string;
  current: ContentSet<K>;
}

/** The JSON actions behind the two panel pages: PUT saves the set, POST …/revisiones/{n}/restaurar restores one. */
export const contentSetsApi = {
  datos: '/api/datos-agua',
  contadores: '/api/contadores',
  aliados: '/api/aliados',
} as const satisfies Record<ContentSetKind, string>;

/** Limits the panel shows and the server enforces. */
export const contentSetLimits = {
  facts: 40,
  /** A fact's HTML, marks included. */
  factHtml: 600,
  counters: 8,
  counterLabel: 60,
  counterAffix: 4,
  /** The largest figure a counter takes (a thousand million million would not fit the dial). */
  counterValue: 999_999_999_999,
  /** Allies and members together. */
  allies: 120,
  allyName: 120,
  allyText: 600,
  allyButton: 40,
} as const;

/** How a counter's figure is shown: figures of a million or more in millions, with one decimal. */
export function counterDisplay({ valor, prefijo, sufijo }: ImpactCounter): { target: number; decimals: number; prefix: string; suffix: string } {
  if (valor >= 1_000_000) return { target: Math.round(valor / 100_000) / 10, decimals: 1, prefix: prefijo, suffix: ` M${sufijo}` };
  return { target: valor, decimals: 0, prefix: prefijo, suffix: sufijo };
}
