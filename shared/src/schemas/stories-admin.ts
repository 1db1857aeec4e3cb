import './zod-setup';
import { z } from 'zod';
import { storyLimits } from '../contracts/stories-admin';
import { querySchema, queryText } from './query';
import { imagePathSchema, isoDateSchema, SlideSchema, slugSchema } from './content';

/** A date of the calendar (2025-02-30 is not one). */
function realDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Every link target of a Markdown text: `[a](target)`, `[a]: target` and `<scheme:…>` autolinks. */
export function markdownLinkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of markdown.matchAll(/\]\(\s*<?([^)\s>]*)/g)) targets.push(match[1] ?? '');
  for (const match of markdown.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(match[1] ?? '');
  for (const match of markdown.matchAll(/<([a-z][a-z0-9+.-]*:[^>\s]*)>/gi)) targets.push(match[1] ?? '');
  return targets;
}

/** A link the site keeps: https, mailto or an address of the site itself (the sanitiser drops every other one). */
export function allowedLink(target: string): boolean {
  const value = target.trim().toLowerCase();
  return value.startsWith('https://') || value.startsWith('mailto:') || (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('#');
}

const max = (limit: number, what: string) => `${what} no debe pasar de ${limit.toLocaleString('es-MX')} caracteres`;

/** The editable fields of a story (issue #41 item 3), as the editor saves them and the server checks them. */
export const StoryFieldsSchema = z.object({
  titulo: z.string().trim().min(1, 'El título es obligatorio').max(storyLimits.title, max(storyLimits.title, 'El título')),
  slug: slugSchema.max(100, max(100, 'La dirección')),
  fecha: z.string().trim().min(1, 'La fecha visible es obligatoria').max(storyLimits.displayDate, max(storyLimits.displayDate, 'La fecha visible')),
  fechaData: isoDateSchema.refine(realDate, 'Esa fecha no existe'),
  text: z.string().trim().min(1, 'El resumen es obligatorio').max(storyLimits.excerpt, max(storyLimits.excerpt, 'El resumen')),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Una etiqueta está vacía')
        .max(storyLimits.tag, max(storyLimits.tag, 'Cada etiqueta'))
        .regex(/^[A-ZÁÉÍÓÚÑÜ0-9 ]+$/, 'Las etiquetas van en mayúsculas, sin signos'),
    )
    .min(1, 'Pon al menos una etiqueta')
    .max(storyLimits.tags, `Como máximo ${storyLimits.tags} etiquetas`),
  img: imagePathSchema,
  imgWhite: imagePathSchema,
  alt: z.string().trim().min(1, 'La imagen necesita texto alternativo').max(storyLimits.alt, max(storyLimits.alt, 'El texto alternativo')),
  bigImage: z.boolean(),
  slides: z.array(SlideSchema).max(12, 'Como máximo 12 imágenes en el carrusel'),
  body: z
    .string()
    .max(storyLimits.body, max(storyLimits.body, 'El texto de la historia'))
    .refine((body) => body.trim().length > 0, 'El texto de la historia está vacío')
    .refine((body) => markdownLinkTargets(body).every(allowedLink), 'Los enlaces deben empezar por https://, mailto: o / (un enlace javascript: no se acepta)'),
});

/** POST /api/historias: a new story's first save. */
export const StoryCreateSchema = z.object({ fields: StoryFieldsSchema });

/** PUT /api/historias/{id}: a save of the working copy, based on `version`. */
export const StorySaveSchema = z.object({ fields: StoryFieldsSchema, version: z.number().int().min(1) });

/** POST …/publicar, …/retirar, …/desprogramar, …/restaurar: the version the action was decided on. */
export const StoryActionSchema = z.object({ version: z.number().int().min(1) });

/** POST …/programar: when, as a local time of America/Mexico_City (`2026-12-07T09:00`). */
export const StoryScheduleSchema = z.object({
  version: z.number().int().min(1),
  at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Indica fecha y hora (AAAA-MM-DD HH:MM)')
    .refine((value) => realDate(value.slice(0, 10)) && Number(value.slice(11, 13)) < 24 && Number(value.slice(14, 16)) < 60, 'Esa fecha u hora no existe'),
});

/** A story's id in an address: a UUID (any other word, such as `guia`, is no story). */
const storyId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
export const StoryIdParamsSchema = z.object({ id: storyId });
export const StoryRevisionParamsSchema = z.object({ id: storyId, number: z.coerce.number().int().min(1).max(1_000_000) });

/** GET /panel/historias?q=…: the list's search box. */
export const StoryListQuerySchema = querySchema(z.object({ q: queryText().pipe(z.string().max(200)) }));
