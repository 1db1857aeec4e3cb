import './zod-setup';
import { z } from 'zod';
import { contentSetLimits, type EditablePage } from '../contracts/content-sets';
import { PageSeoTextSchema } from './content';
import { ContentSetRestoreSchema } from './content-sets';

/** Prose is plain text: the pages print it as text, so a tag would be shown as written (or dropped by a sanitiser). */
export const proseMarkupMessage = 'Los textos de las páginas no llevan HTML: escribe solo el texto, sin «<» ni etiquetas.';
/** A prose field: trimmed, required (with `empty` as its message), within the limit, and without markup. */
const prose = (empty: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, empty)
    .max(contentSetLimits.pageProse, `El texto no debe pasar de ${contentSetLimits.pageProse} caracteres`)
    .refine((value) => !/<\/?[a-z!]/i.test(value), proseMarkupMessage);
const text = prose('El texto es obligatorio');
/** A paragraph or a statement of a list the panel adds to and removes from: an empty one is written or removed. */
const paragraph = prose('Este párrafo está vacío: escríbelo o quítalo.');
/** A list of a part (paragraphs, statements, objectives): at least one, at most `pageParts`. */
const list = <T extends z.ZodType>(entry: T, none: string) =>
  z
    .array(entry)
    .min(1, none)
    .max(contentSetLimits.pageParts, `Una parte no lleva más de ${contentSetLimits.pageParts} párrafos o elementos.`);
const titled = z.object({ title: text, text });
const titledList = z.object({ title: text, items: list(titled, 'Esta parte necesita al menos un elemento: añade uno.') });
const paragraphs = list(paragraph, 'Esta parte necesita al menos un párrafo: añade uno.');
const titledParagraphs = z.object({ title: text, paragraphs });
const hero = z.object({ title: text, lead: text });

/**
 * The prose of the campaign's pages (QuienesSomos, Descargas, DatosAgua), kept in api/content/page-texts.json: the
 * pages render it from their props and the site's search indexes it (decision 042). Labels of controls stay in the TSX.
 */
export const PageTextsSchema = z.object({
  'quienes-somos': z.object({
    hero,
    mission: titledParagraphs,
    vision: titledParagraphs,
    objectives: titledList,
    participate: titledList,
  }),
  descargas: z.object({
    hero,
    campaign: titledParagraphs,
    visualCode: titledParagraphs,
    freeUse: titledParagraphs,
  }),
  'datos-agua': z.object({
    manifesto: z.object({
      title: text,
      statements: list(paragraph, 'El manifiesto necesita al menos una declaración: añade una.'),
      /** The closing paragraph: `lead` in bold, then `text`. */
      commitment: z.object({ lead: text, text }),
    }),
    members: z.object({ title: text }),
  }),
});
export type PageTexts = z.infer<typeof PageTextsSchema>;
export type AboutTexts = PageTexts['quienes-somos'];
export type CampaignTexts = PageTexts['descargas'];
export type ManifestoTexts = PageTexts['datos-agua'];

/**
 * One page's texts as the panel saves them (decision 062): its title, description, keywords and share image, its prose
 * (the page's entry of page-texts.json, or null for a page without prose), and the version it was read at.
 */
export function pageTextsSaveSchema(page: EditablePage) {
  const prose =
    page in PageTextsSchema.shape
      ? PageTextsSchema.shape[page as keyof PageTexts]
      : z.null({ error: 'Esta página no tiene textos propios.' });
  return z.object({
    items: z.object({ seo: PageSeoTextSchema, texts: prose }),
    version: ContentSetRestoreSchema.shape.version,
  });
}
