import { z } from 'zod';

/** SEO texts of a page, kept as editorial content (api/content/pages.json). */
export const PageSeoTextSchema = z.object({
  title: z.string().min(1, 'El título es obligatorio').max(70, 'El título no debe pasar de 70 caracteres'),
  description: z.string().min(1, 'La descripción es obligatoria').max(180, 'La descripción no debe pasar de 180 caracteres'),
  keywords: z.string().min(1, 'Las palabras clave son obligatorias'),
  img: z.string().optional(),
});
export type PageSeoText = z.infer<typeof PageSeoTextSchema>;

export const PagesSeoSchema = z.record(z.string(), PageSeoTextSchema);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Usa el formato AAAA-MM-DD');

/** Front matter of a story (api/content/stories/*.md). Issue #4 extends it with images and slides. */
export const StoryFrontMatterSchema = z.object({
  titulo: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'El slug solo lleva minúsculas, números y guiones'),
  fecha: z.string().min(1),
  fechaData: isoDate,
  text: z.string().min(1),
  tags: z.array(z.string().regex(/^[A-ZÁÉÍÓÚÑÜ0-9 ]+$/, 'Las etiquetas van en mayúsculas')).min(1),
});
export type StoryFrontMatter = z.infer<typeof StoryFrontMatterSchema>;

/** A story as pages receive it: front matter plus the body paragraphs. */
export interface Story extends StoryFrontMatter {
  body: string[];
}
