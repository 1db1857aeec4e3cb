/**
 * The water facts and the home page's impact counters as the panel edits them (issue #42 items 2 and 3, decision 059):
 * each is one ordered set in the database, saved whole with the version it was read at, every save a revision and a
 * line of the content log, published at once. Types, limits and labels only; the rules are the schemas of
 * `@gota/shared/schemas` (content-sets.ts).
 */
import { kitApi, type KitFile } from './downloads';
import type { PageSeoText } from '../schemas/content';
import type { AboutTexts, CampaignTexts, ManifestoTexts } from '../schemas/page-texts';

/**
 * The lists: the water facts (/historias, /datos-agua), the impact counters (the home page), and the allies and members
 * (/aliados, the home page's strip, the members of /datos-agua; decision 060).
 */
export type ListSetKind = 'datos' | 'contadores' | 'aliados';

/**
 * The pages whose texts the panel edits (issue #42 item 5, decision 062): the pages search engines index, each one set
 * of its own (`pagina:quienes-somos`), so two editors changing two pages never conflict. The account pages, the search
 * and the not-found page keep their texts in api/content/pages.json.
 */
export const editablePages = ['index', 'quienes-somos', 'descargas', 'datos-agua', 'blog', 'aliados'] as const;
export type EditablePage = (typeof editablePages)[number];
/** The pages that have prose of their own (api/content/page-texts.json) besides their title and description. */
const pagesWithProse = ['quienes-somos', 'descargas', 'datos-agua'] as const satisfies readonly EditablePage[];
export type PageWithProse = (typeof pagesWithProse)[number];
export const editablePageLabels: Record<EditablePage, string> = {
  index: 'Inicio',
  'quienes-somos': 'Quiénes somos',
  descargas: 'Campaña',
  'datos-agua': 'Datos del agua (manifiesto)',
  blog: 'Historias',
  aliados: 'Aliados',
};
export type PageSetKind = `pagina:${EditablePage}`;
export const pageSetKind = (page: EditablePage): PageSetKind => `pagina:${page}`;
export const isEditablePage = (name: string): name is EditablePage => (editablePages as readonly string[]).includes(name);
export const hasProse = (page: EditablePage): page is PageWithProse => (pagesWithProse as readonly string[]).includes(page);

/** The sets: the lists, the campaign kit (/campana, decision 061) and one per editable page. */
export type ContentSetKind = ListSetKind | 'descargas' | PageSetKind;

/** The prose of a page with prose (the shape of its entry in page-texts.json). */
export type PageProse = AboutTexts | CampaignTexts | ManifestoTexts;

/** A page's texts as the panel keeps them: its pages.json entry (`img`, the share image) and its prose, if it has any. */
export interface EditablePageTexts {
  seo: PageSeoText;
  texts: PageProse | null;
}

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
export type ContentSetItems = {
  datos: EditableFact[];
  contadores: ImpactCounter[];
  aliados: EditableAlly[];
  descargas: KitFile[];
} & Record<PageSetKind, EditablePageTexts>;

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
  'archivo-subido': 'Archivo nuevo',
  'version-subida': 'Nueva versión de un archivo',
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
  descargas: kitApi.save,
} as const satisfies Record<ListSetKind | 'descargas', string>;

/** The JSON actions behind `Panel/Textos`, one page's set: PUT saves it, POST …/revisiones/{n}/restaurar restores one. */
export const pageTextsApi = (page: EditablePage) => `/api/textos/${page}`;

/** The props of `Panel/Textos`: the page's set, its revisions and log, and which page it is. */
export type PageTextsPageProps = ContentSetPageProps<PageSetKind> & { page: EditablePage };

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
  /** A page's title and description (PageSeoTextSchema): what search engines show of it. */
  pageTitle: 70,
  pageDescription: 180,
  pageKeywords: 255,
  /** A sentence, a paragraph of a page's prose. */
  pageProse: 1200,
  /** The paragraphs, statements or entries of one part of a page's prose (the panel adds and removes them). */
  pageParts: 12,
  /** Allies and members together. */
  allies: 120,
  allyName: 120,
  allyText: 600,
  allyButton: 40,
} as const;

/** How a counter's figure is shown: figures of a million or more in millions, with one decimal. */
export function counterDisplay({ valor, prefijo, sufijo }: ImpactCounter): {
  target: number;
  decimals: number;
  prefix: string;
  suffix: string;
} {
  if (valor >= 1_000_000)
    return { target: Math.round(valor / 100_000) / 10, decimals: 1, prefix: prefijo, suffix: ` M${sufijo}` };
  return { target: valor, decimals: 0, prefix: prefijo, suffix: sufijo };
}
