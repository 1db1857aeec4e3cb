import './zod-setup';
import { z } from 'zod';
import { mediaIdOf } from '../contracts/media';
import { proposeSlug, storyFieldLabels, storyLimits, type StoryFields } from '../contracts/stories-admin';
import { querySchema, queryText } from './query';
import { backgroundMessage, backgroundOptional, imagePathSchema, isoDateSchema, SlideSchema, slugSchema } from './content';

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
  return (
    value.startsWith('https://') ||
    value.startsWith('mailto:') ||
    (value.startsWith('/') && !value.startsWith('//')) ||
    value.startsWith('#')
  );
}

const max = (limit: number, what: string) => `${what} no debe pasar de ${limit.toLocaleString('es-MX')} caracteres`;

const title = z
  .string({ error: 'El título es obligatorio' })
  .trim()
  .min(1, 'El título es obligatorio')
  .max(storyLimits.title, max(storyLimits.title, 'El título'));
const displayDate = z.string().trim().max(storyLimits.displayDate, max(storyLimits.displayDate, 'La fecha visible'));
const excerpt = z.string().trim().max(storyLimits.excerpt, max(storyLimits.excerpt, 'El resumen'));
const tag = z
  .string()
  .trim()
  .min(1, 'Una etiqueta está vacía')
  .max(storyLimits.tag, max(storyLimits.tag, 'Cada etiqueta'))
  .regex(/^[A-ZÁÉÍÓÚÑÜ0-9 ]+$/, 'Las etiquetas van en mayúsculas, sin signos');
const tags = z.array(tag).max(storyLimits.tags, `Como máximo ${storyLimits.tags} etiquetas`);
const altText = z.string().trim().max(storyLimits.alt, max(storyLimits.alt, 'El texto alternativo'));
const slides = z.array(SlideSchema).max(12, 'Como máximo 12 imágenes en el carrusel');
const body = z
  .string()
  .max(storyLimits.body, max(storyLimits.body, 'El texto de la historia'))
  .refine(
    (text) => markdownLinkTargets(text).every(allowedLink),
    'Los enlaces deben empezar por https://, mailto: o / (un enlace javascript: no se acepta)',
  );
const slugMessage = 'La dirección solo lleva minúsculas, números y guiones (se propone a partir del título)';
/** Empty, or what its schema asks. */
const emptyOr = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]);

/**
 * The fields of a story that is published or scheduled (issue #41 item 3), as the server checks them before «Publicar»
 * and «Programar» and the editor before offering them: every one. The main image's alt text may be left out only for an
 * uploaded photo, whose alt text or decorative mark lives with the photo (decision 050; the server checks it); so may
 * the background image, which such a photo replaces (`backgroundOptional`).
 */
export const StoryFieldsSchema = z
  .object({
    titulo: title,
    slug: slugSchema.max(100, max(100, 'La dirección')),
    fecha: displayDate.min(1, 'La fecha visible es obligatoria'),
    fechaData: isoDateSchema.refine(realDate, 'Esa fecha no existe'),
    text: excerpt.min(1, 'El resumen es obligatorio'),
    tags: tags.min(1, 'Pon al menos una etiqueta'),
    img: imagePathSchema,
    imgWhite: emptyOr(imagePathSchema),
    alt: altText,
    bigImage: z.boolean(),
    slides,
    body: body.refine((text) => text.trim().length > 0, 'El texto de la historia está vacío'),
  })
  .refine((fields) => fields.alt !== '' || mediaIdOf(fields.img) !== null, {
    path: ['alt'],
    error: 'La imagen necesita texto alternativo',
  })
  .refine(backgroundOptional, { path: ['imgWhite'], error: backgroundMessage });

/**
 * The fields of a draft (issue #41 item 3): a title is enough, every other field may be empty or missing, and what is
 * written must already be right (a 500-character title, a `javascript:` link or a date that does not exist are refused
 * at once). A draft without an address gets the one its title proposes.
 */
export const StoryDraftFieldsSchema = z
  .object({
    titulo: title,
    slug: emptyOr(slugSchema.max(100, max(100, 'La dirección'))).default(''),
    fecha: displayDate.default(''),
    fechaData: emptyOr(isoDateSchema.refine(realDate, 'Esa fecha no existe')).default(''),
    text: excerpt.default(''),
    tags: tags.default([]),
    img: emptyOr(imagePathSchema).default(''),
    imgWhite: emptyOr(imagePathSchema).default(''),
    alt: altText.default(''),
    bigImage: z.boolean().default(false),
    slides: slides.default([]),
    body: body.default(''),
  })
  .transform((fields) => ({ ...fields, slug: fields.slug || proposeSlug(fields.titulo) }))
  .refine((fields) => fields.slug !== '', { path: ['slug'], error: slugMessage });

/**
 * The first message of each field a schema refuses, in the form's order (a check across two fields, such as the alt
 * text's or the background's, runs after every field's own).
 */
function problemsBy(result: z.ZodSafeParseResult<unknown>): Partial<Record<keyof StoryFields, string>> {
  const found: Partial<Record<keyof StoryFields, string>> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path[0] as keyof StoryFields] ??= issue.message;
  const inFormOrder = (Object.keys(storyFieldLabels) as (keyof StoryFields)[]).filter((field) => found[field] !== undefined);
  return Object.fromEntries(inFormOrder.map((field) => [field, found[field]]));
}

/** The fields a publication would still need, by field, in the schema's words (empty: ready to publish). */
export const publicationProblems = (fields: StoryFields) => problemsBy(StoryFieldsSchema.safeParse(fields));

/** What keeps a draft from being saved at all: no title, or a field written wrong (empty: it saves). */
export const draftProblems = (fields: StoryFields) => problemsBy(StoryDraftFieldsSchema.safeParse(fields));

/** «Para publicar falta: Resumen, Etiquetas e Imagen principal.»: what a publication waits for, named as on screen. */
export function missingForPublication(problems: Partial<Record<keyof StoryFields, string>>): string {
  const names = Object.keys(problems).map((field) => storyFieldLabels[field as keyof StoryFields]);
  const last = names.at(-1) ?? '';
  // «y» becomes «e» before an /i/ sound: «Etiquetas e Imagen principal»
  const and = /^h?i(?![aeo])/i.test(last) ? 'e' : 'y';
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} ${and} ${last}` : last;
  return `Para publicar falta completar: ${list}.`;
}

/** POST /api/historias: a new story's first save (a draft). */
export const StoryCreateSchema = z.object({ fields: StoryDraftFieldsSchema });

/** PUT /api/historias/{id}: a save of the working copy (a draft's rules), based on `version`. */
export const StorySaveSchema = z.object({ fields: StoryDraftFieldsSchema, version: z.number().int().min(1) });

/** POST …/publicar, …/retirar, …/desprogramar, …/restaurar: the version the action was decided on. */
export const StoryActionSchema = z.object({ version: z.number().int().min(1) });

/** POST …/programar: when, as a local time of America/Mexico_City (`2026-12-07T09:00`). */
export const StoryScheduleSchema = z.object({
  version: z.number().int().min(1),
  at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Indica fecha y hora (AAAA-MM-DD HH:MM)')
    .refine(
      (value) => realDate(value.slice(0, 10)) && Number(value.slice(11, 13)) < 24 && Number(value.slice(14, 16)) < 60,
      'Esa fecha u hora no existe',
    ),
});

/** A story's id in an address: a UUID (any other word, such as `guia`, is no story). */
const storyId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
export const StoryIdParamsSchema = z.object({ id: storyId });
export const StoryRevisionParamsSchema = z.object({ id: storyId, number: z.coerce.number().int().min(1).max(1_000_000) });

/** GET /panel/historias?q=…: the list's search box. */
export const StoryListQuerySchema = querySchema(z.object({ q: queryText().pipe(z.string().max(200)) }));
