import {
  allySections,
  formatMexicoCity,
  type ContentSetItems,
  type ContentSetKind,
  type EditablePageTexts,
  type ListSetKind,
} from '@gota/shared/contracts';
import type { VersionLine } from '../editor/conflict-dialog';
import { proseLines } from '../texts-panel/prose-fields';

const hidden = (visible: boolean) => (visible ? '' : ' (oculto)');
const singular = { aliados: 'Aliado', miembros: 'Miembro' } as const;

/** Each list's items as the conflict's comparison shows them, named as the page names its rows. */
const listLines: { [K in ListSetKind | 'descargas']: (items: ContentSetItems[K]) => VersionLine[] } = {
  datos: (items) =>
    items.map((fact, index) => ({ label: `Dato ${index + 1}`, text: fact.html.replace(/<[^>]*>/g, '') + hidden(fact.visible) })),
  contadores: (items) =>
    items.map((counter, index) => ({
      label: `Contador ${index + 1}`,
      text: `${counter.prefijo}${counter.valor}${counter.sufijo} ${counter.etiqueta}`,
    })),
  aliados: (items) =>
    (Object.keys(allySections) as (keyof typeof allySections)[]).flatMap((section) =>
      items
        .filter((ally) => ally.seccion === section)
        .map((ally, index) => ({
          label: `${singular[section]} ${index + 1}`,
          text: [ally.empresa, ally.link].filter(Boolean).join(', ') + hidden(ally.visible),
        })),
    ),
  descargas: (items) =>
    items.map((file, index) => ({
      label: `Archivo ${index + 1}`,
      text: `${file.title} (${file.name}, subido el ${formatMexicoCity(file.current.uploadedAt)})${hidden(file.visible)}`,
    })),
};

/** A page's texts: its search-engine fields, then its prose. */
function pageLines({ seo, texts }: EditablePageTexts): VersionLine[] {
  return [
    { label: 'Título', text: seo.title },
    { label: 'Descripción', text: seo.description },
    { label: 'Palabras clave', text: seo.keywords },
    { label: 'Imagen para compartir', text: seo.img ?? '' },
    ...(texts ? proseLines(texts) : []),
  ];
}

/** Any set's version as lines, for the conflict's comparison. */
export function versionLines<K extends ContentSetKind>(kind: K, items: ContentSetItems[K]): VersionLine[] {
  if (kind.startsWith('pagina:')) return pageLines(items as EditablePageTexts);
  const lines = listLines[kind as ListSetKind | 'descargas'] as (items: ContentSetItems[K]) => VersionLine[];
  return lines(items);
}
