import './zod-setup';
import { z } from 'zod';
import { mediaIdOf } from '../contracts/media';
import { contentSetLimits } from '../contracts/content-sets';

/** The share image of a page: a photo uploaded to the site (`/media/…`) or one of its images (`/img/…`). */
const siteImage = /^\/(media|img)\/[\w.-]+(\/[\w.-]+)*$/;

/** SEO texts of a page, kept as editorial content (api/content/pages.json, then the panel's «Textos», decision 062). */
export const PageSeoTextSchema = z.object({
  title: z
    .string({ error: 'El título es obligatorio' })
    .trim()
    .min(1, 'El título es obligatorio')
    .max(contentSetLimits.pageTitle, `El título no debe pasar de ${contentSetLimits.pageTitle} caracteres`),
  description: z
    .string({ error: 'La descripción es obligatoria' })
    .trim()
    .min(1, 'La descripción es obligatoria')
    .max(contentSetLimits.pageDescription, `La descripción no debe pasar de ${contentSetLimits.pageDescription} caracteres`),
  keywords: z
    .string({ error: 'Las palabras clave son obligatorias' })
    .trim()
    .min(1, 'Las palabras clave son obligatorias')
    .max(contentSetLimits.pageKeywords, `Las palabras clave no deben pasar de ${contentSetLimits.pageKeywords} caracteres`),
  img: z.string().regex(siteImage, 'La imagen para compartir debe ser una foto subida desde el panel.').optional(),
});
export type PageSeoText = z.infer<typeof PageSeoTextSchema>;

export const PagesSeoSchema = z.record(z.string(), PageSeoTextSchema);

export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Usa el formato AAAA-MM-DD');
/** An image of the site (`/img/…`) or an uploaded photo (`/media/{id}/{variant}`, issue #41 item 4). */
export const imagePathSchema = z
  .string()
  .max(300)
  .regex(
    /^(\/img\/[\w./-]+\.(svg|png|jpe?g|webp)|\/media\/[\w-]{1,64}\/[\w.-]{1,64})$/,
    'Debe ser una imagen del sitio (/img/…) o una foto subida (/media/…)',
  );

/** One image of a carousel slide at a breakpoint: its path and aspect ratio (width / height). */
export const SlideImageSchema = z.object({ path: imagePathSchema, ar: z.number().positive() });

/** A carousel slide: images keyed by the minimum window width they are for (0, 600, 1200; product §3). */
export const SlideSchema = z.object({
  images: z.object({ '0': SlideImageSchema, '600': SlideImageSchema, '1200': SlideImageSchema }),
  alt: z.string().min(1, 'Cada imagen necesita su texto alternativo'),
  fuente: z.url('La fuente debe ser una URL').nullable().default(null),
});
export type Slide = z.infer<typeof SlideSchema>;

/** A story's address: `/historias/{slug}`. */
export const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'El slug solo lleva minúsculas, números y guiones');

/** GET /historias/{slug}: a slug a story could have (any other is no story: the not-found page). */
export const StoryParamsSchema = z.object({ slug: slugSchema });

/** Front matter of a story (api/content/stories/*.md), product §3 "Blog post". */
/**
 * A story's background image goes behind an illustration of the site; an uploaded photo fills its frame and is drawn
 * alone (product §3), so with one as the main image the background may be left empty.
 */
export const backgroundOptional = (story: { img: string; imgWhite: string }) =>
  story.imgWhite !== '' || mediaIdOf(story.img) !== null;
export const backgroundMessage = 'Falta la imagen de fondo (no hace falta si la imagen principal es una foto subida)';

export const StoryFrontMatterSchema = z
  .object({
    titulo: z.string().min(1, 'El título es obligatorio'),
    slug: slugSchema,
    /** Display date as written by the editor. */
    fecha: z.string().min(1),
    fechaData: isoDateSchema,
    /** Excerpt: cards, the meta description. */
    text: z.string().min(1, 'El resumen es obligatorio'),
    tags: z.array(z.string().regex(/^[A-ZÁÉÍÓÚÑÜ0-9 ]+$/, 'Las etiquetas van en mayúsculas')).min(1),
    img: imagePathSchema,
    imgWhite: z.union([z.literal(''), imagePathSchema]),
    alt: z.string().min(1, 'La imagen necesita texto alternativo'),
    bigImage: z.boolean().default(false),
    slides: z.array(SlideSchema).default([]),
  })
  .refine(backgroundOptional, { path: ['imgWhite'], error: backgroundMessage });
export type StoryFrontMatter = z.infer<typeof StoryFrontMatterSchema>;

/** A water fact (product §3): `html` is sanitized on load and may only highlight (<strong>, <em>, <mark>, <span class>). */
export const WaterFactSchema = z.object({ html: z.string().min(1) });
export type WaterFact = z.infer<typeof WaterFactSchema>;
