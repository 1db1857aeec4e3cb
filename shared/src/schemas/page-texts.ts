import './zod-setup';
import { z } from 'zod';
import { contentSetLimits, type EditablePage } from '../contracts/content-sets';
import { PageSeoTextSchema } from './content';
import { ContentSetRestoreSchema } from './content-sets';

/** Prose is plain text: the pages print it as text, so a tag would be shown as written (or dropped by a sanitiser). */
export const proseMarkupMessage = 'Los textos de las páginas no llevan HTML: escribe solo el texto, sin «<» ni etiquetas.';
const text = z
  .string({ error: 'El texto es obligatorio' })
  .trim()
  .min(1, 'El texto es obligatorio')
  .max(contentSetLimits.pageProse, `El texto no debe pasar de ${contentSetLimits.pageProse} caracteres`)
  .refine((value) => !/<\/?[a-z!]/i.test(value), proseMarkupMessage);
const titled = z.object({ title: text, text });
const titledList = z.object({ title: text, items: z.array(titled).min(1, 'Hace falta al menos un elemento') });
const titledParagraphs = z.object({ title: text, paragraphs: z.array(text).min(1, 'Hace falta al menos un párrafo') });
const hero = z.object({ title: text, lead: text });

/**
 * The prose of the campaign's pages (QuienesSomos, Descargas, DatosAgua), kept in api/content/page-texts.json: the
 * pages render it from their props and the site's search indexes it (decision 042). Labels of controls stay in the TSX.
 */
export const PageTextsSchema = z.object({
  'quienes-somos': z.object({
    hero,
    mission: titled,
    vision: titled,
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
      statements: z.array(text).min(1, 'Hace falta al menos una declaración'),
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
