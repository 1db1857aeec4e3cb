import './zod-setup';
import { z } from 'zod';

const text = z.string().trim().min(1, 'El texto es obligatorio');
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
