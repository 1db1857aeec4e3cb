import './zod-setup';
import { z } from 'zod';
import { mediaLimits } from '../contracts/media';

// What the editor sends about a photo (issue #41 item 4, decision 050): the file at upload, then its alt text, whether
// it is decorative and its focal point. The file itself is judged by the API's pipeline, by its content.

const focalMessage = 'El punto focal va de 0 a 1 en cada eje';
/** One coordinate of the focal point: a number from a script, text from a multipart form. */
const focalAxis = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number({ error: focalMessage }).min(0, focalMessage).max(1, focalMessage),
);

const altText = z
  .string()
  .trim()
  .max(mediaLimits.alt, `El texto alternativo no debe pasar de ${mediaLimits.alt} caracteres`)
  // nothing written: no alt text yet
  .transform((value) => value || null);

/** A ticked box of a form (`'on'`, `'true'`) or a script's boolean. */
const flag = z.preprocess(
  (value) => (value === 'on' || value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'Decorativa debe ser verdadero o falso' }),
);

const decorativeWithAlt = 'Una foto decorativa no lleva texto alternativo: quita el texto o desmarca «decorativa»';

/** POST /api/media (multipart/form-data): `file`, and optionally what PATCH sets. */
export const MediaUploadSchema = z
  .object({
    file: z.custom<Blob>((value) => value instanceof Blob, { error: 'Elige una foto para subir (campo «file»)' }),
    alt: altText.optional(),
    decorative: flag.optional(),
    focalX: focalAxis.optional(),
    focalY: focalAxis.optional(),
    /** `logo`: an organisation's logo (decision 060): SVG accepted and drawn as pixels, the uncropped shape only. */
    uso: z.enum(['foto', 'logo'], { error: 'El uso de la imagen es «foto» o «logo».' }).optional(),
  })
  .refine((upload) => !(upload.decorative && upload.alt), { path: ['alt'], error: decorativeWithAlt });

/**
 * PATCH /api/media/{id} (JSON): any of the alt text, the decorative mark and the focal point. Writing an alt text makes
 * the photo not decorative; marking it decorative removes its alt text.
 */
export const MediaPatchSchema = z
  .object({
    alt: altText.nullable().optional(),
    decorative: z.boolean({ error: 'Decorativa debe ser verdadero o falso' }).optional(),
    focal: z.object({ x: focalAxis, y: focalAxis }, { error: focalMessage }).optional(),
  })
  .refine((patch) => !(patch.decorative && patch.alt), { path: ['alt'], error: decorativeWithAlt })
  .refine((patch) => patch.alt !== undefined || patch.decorative !== undefined || patch.focal !== undefined, {
    error: 'Indica el texto alternativo, «decorativa» o el punto focal',
  });

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A photo's id in an address (any other text names no photo: a 404). */
export const MediaParamsSchema = z.object({ id: z.string().regex(uuid) });

/** `/media/{id}/{variant}`: a stored file's address. */
export const MediaFileParamsSchema = z.object({
  id: z.string().regex(uuid),
  variant: z.string().regex(/^[a-z]+-\d{1,5}\.[0-9a-f]{12}\.(avif|webp|jpeg)$/),
});
