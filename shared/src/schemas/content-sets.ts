import './zod-setup';
import { z } from 'zod';
import { contentSetLimits, editablePages } from '../contracts/content-sets';
import { kitLimits } from '../contracts/downloads';

/** The only tags a fact may hold (what the site's sanitiser kept before the facts moved to the database). */
const factTag = /^<(\/?)(strong|em|mark|span)((?:\s+class="resaltado")?)\s*>$/;
/** An entity the text may hold (the editor writes `&amp;`, `&nbsp;`, `&lt;`…). */
const bareAmpersand = /&(?![a-z]{2,8};|#\d{1,6};|#x[0-9a-f]{1,6};)/i;

export const factMarkupMessages = {
  empty: 'Escribe el dato.',
  tag: 'Un dato solo puede resaltar palabras (negrita, cursiva o resaltado). Usa los botones del editor y no escribas HTML.',
  nesting: 'Las marcas del dato no cierran bien. Vuelve a aplicar el resaltado con los botones del editor.',
  sign: 'El dato tiene un signo «<», «>» o «&» suelto. Escríbelo desde el editor del panel.',
} as const;

/**
 * Why a fact's HTML would not be kept as it is, or undefined when it would: text and the highlights the site allows
 * (`<strong>`, `<em>`, `<mark>`, `<span class="resaltado">`), without attributes, properly nested. The server refuses
 * anything else rather than dropping it silently; the panel's editor cannot make anything else.
 */
export function factMarkupProblem(html: string): string | undefined {
  const open: string[] = [];
  let text = '';
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part.startsWith('<') && part.endsWith('>')) {
      const match = factTag.exec(part);
      if (!match) return factMarkupMessages.tag;
      const [, closing, tag, withClass] = match;
      if (closing) {
        if (withClass || open.pop() !== tag) return factMarkupMessages.nesting;
      } else {
        if ((tag === 'span') !== Boolean(withClass)) return factMarkupMessages.tag;
        open.push(tag!);
      }
    } else {
      if (/[<>]/.test(part) || bareAmpersand.test(part)) return factMarkupMessages.sign;
      text += part;
    }
  }
  if (open.length > 0) return factMarkupMessages.nesting;
  if (text.replace(/&nbsp;|&#160;/g, ' ').trim() === '') return factMarkupMessages.empty;
  return undefined;
}

const version = z.number({ error: 'Falta la versión que se editó.' }).int().min(0);

export const EditableFactSchema = z.object({
  html: z
    .string({ error: factMarkupMessages.empty })
    .trim()
    .max(contentSetLimits.factHtml, `El dato es demasiado largo: deja menos de ${contentSetLimits.factHtml} caracteres.`)
    .superRefine((html, ctx) => {
      const problem = factMarkupProblem(html);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  visible: z.boolean({ error: 'Indica si el dato se muestra.' }),
});

/** The facts as the panel saves them: the whole list, in order, with the version it was read at. */
export const FactsSaveSchema = z.object({
  items: z
    .array(EditableFactSchema)
    .max(contentSetLimits.facts, `Caben hasta ${contentSetLimits.facts} datos.`)
    .refine(
      (facts) => facts.some((fact) => fact.visible),
      'Deja al menos un dato visible: el carrusel de /historias no puede quedar vacío.',
    ),
  version,
});

export const ImpactCounterSchema = z.object({
  valor: z
    .number({ error: 'La cifra debe ser un número.' })
    .int('La cifra debe ser un número entero, sin decimales.')
    .min(0, 'La cifra no puede ser negativa.')
    .max(contentSetLimits.counterValue, 'La cifra es demasiado grande.'),
  prefijo: z
    .string()
    .trim()
    .max(
      contentSetLimits.counterAffix,
      `El signo antes de la cifra no debe pasar de ${contentSetLimits.counterAffix} caracteres.`,
    ),
  sufijo: z
    .string()
    .max(
      contentSetLimits.counterAffix,
      `El signo después de la cifra no debe pasar de ${contentSetLimits.counterAffix} caracteres.`,
    ),
  etiqueta: z
    .string({ error: 'La etiqueta es obligatoria.' })
    .trim()
    .min(1, 'La etiqueta es obligatoria.')
    .max(contentSetLimits.counterLabel, `La etiqueta no debe pasar de ${contentSetLimits.counterLabel} caracteres.`),
});

/** The counters as the panel saves them: the whole list, in order, with the version it was read at. */
export const CountersSaveSchema = z.object({
  items: z
    .array(ImpactCounterSchema)
    .min(1, 'Deja al menos un contador.')
    .max(contentSetLimits.counters, `Caben hasta ${contentSetLimits.counters} contadores.`),
  version,
});

/** The counters file of api/content (the one-time import's source). */
export const CountersFileSchema = z.array(ImpactCounterSchema).min(1, 'Hace falta al menos un contador');

export const ContentSetRestoreSchema = z.object({ version });
export const ContentSetRevisionParamsSchema = z.object({ number: z.coerce.number().int().min(1).max(1_000_000) });
/** GET /panel/vista-previa/{id}/{pagina}: a preview's id and one of the public pages it may show (decision 066). */
export const ContentPreviewParamsSchema = z.object({ id: z.uuid(), pagina: z.enum(editablePages) });

// ─── The campaign kit (decision 061) ─────────────────────────────────────────────────────────────────────────────────

const kitTitle = z
  .string({ error: 'Escribe el título del archivo.' })
  .trim()
  .min(1, 'Escribe el título del archivo.')
  .max(kitLimits.title, `El título no debe pasar de ${kitLimits.title} caracteres.`);
const kitDescription = z
  .string()
  .trim()
  .max(kitLimits.description, `La descripción no debe pasar de ${kitLimits.description} caracteres.`);

/**
 * The kit as the panel saves it: its files in order with their titles, descriptions and whether visitors see them.
 * Which bytes each file holds is not sent: the server keeps them (a new version comes through the upload).
 */
export const KitSaveSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().min(1).max(80),
        title: kitTitle,
        description: kitDescription,
        visible: z.boolean({ error: 'Indica si el archivo se muestra.' }),
      }),
    )
    .max(kitLimits.files, `Caben hasta ${kitLimits.files} archivos en el kit.`),
  version,
});

/** POST of a new kit file or a new version of one (`id`), multipart: the file, its title and description, the version read. */
export const KitUploadSchema = z.object({
  file: z.custom<Blob>((value) => value instanceof Blob, { error: 'Elige un archivo para subir.' }),
  title: kitTitle,
  description: kitDescription.default(''),
  id: z.string().min(1).max(80).optional(),
  version: z.coerce.number({ error: 'Falta la versión que se editó.' }).int().min(0),
});
