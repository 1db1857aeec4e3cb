/**
 * «Vista previa» of a content set (issue #42 item 6, decision 066): the panel sends the set as it is on screen, unsaved,
 * and the server keeps it for an hour under an address of its own, where the public pages the set affects are rendered
 * with it in place of the published one.
 */
import type { EditablePage, ListSetKind, PageSetKind } from './content-sets';

/** The sets that have a preview: the lists and each page's texts (the kit's files are uploads, published as they come). */
export type PreviewSetKind = ListSetKind | 'descargas' | PageSetKind;

/**
 * Which public pages each set is seen on, the first the one a preview opens on. A page's texts are seen on that page;
 * the lists where visitors meet them.
 */
const listPages: Record<ListSetKind | 'descargas', readonly EditablePage[]> = {
  datos: ['blog', 'datos-agua'],
  contadores: ['index'],
  aliados: ['aliados', 'index', 'datos-agua'],
  // the kit's list of files on /campana
  descargas: ['descargas'],
};

export function previewPages(kind: PreviewSetKind): readonly EditablePage[] {
  return kind.startsWith('pagina:')
    ? [kind.slice('pagina:'.length) as EditablePage]
    : listPages[kind as ListSetKind | 'descargas'];
}

/** How long a preview's address answers. */
export const previewLifetimeMinutes = 60;

/** POST {a set's api}/vista-previa (the same body as its save): where the draft can be seen. */
export const previewApi = (api: string) => `${api}/vista-previa`;

/** The answer to a preview's creation: the address of its first page, and when it stops answering. */
export interface ContentPreviewAnswer {
  url: string;
  expiresAt: string;
}
