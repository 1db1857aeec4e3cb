import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { mediaLimits, mediaRoles, mediaTooLargeMessage, type MediaFormat, type MediaRole } from '@gota/shared/contracts';
import { focalCrop, type FocalPoint } from './focal-crop';

/** Why an upload is refused, in the words the editor shows. */
export const uploadMessages = {
  tooLarge: mediaTooLargeMessage,
  tooManyPixels: `La foto tiene más de ${mediaLimits.pixels / 1_000_000} megapíxeles: redúcela antes de subirla.`,
  notAnImage: 'Ese archivo no es una foto. Sube una imagen JPEG, PNG, WebP o AVIF.',
  format: (format: string) => `No aceptamos imágenes ${format.toUpperCase()}. Sube una imagen JPEG, PNG, WebP o AVIF.`,
  damaged: 'La foto está dañada o incompleta. Vuelve a exportarla y súbela de nuevo.',
  empty: 'El archivo está vacío. Elige una foto.',
} as const;

/** Why a logo is refused (decision 060): SVG is read only to be turned into pixels, and never with code or outside files. */
export const logoMessages = {
  notAnImage: 'Ese archivo no es una imagen. Sube el logotipo en SVG, PNG, JPEG o WebP.',
  svgCode:
    'El logotipo SVG trae código (un <script>, un atributo como onload o un enlace javascript:). No lo aceptamos: expórtalo de nuevo como imagen simple, o súbelo en PNG.',
  svgExternal:
    'El logotipo SVG usa imágenes, tipos de letra o estilos de otra dirección. Súbelo con todo incluido en el archivo, o en PNG.',
  svgDamaged: 'El logotipo SVG está dañado o no se puede dibujar. Expórtalo de nuevo o súbelo en PNG.',
} as const;

/**
 * Why an SVG logo is refused, or undefined: code (script, event attributes, `javascript:`, foreignObject) or anything
 * from outside the file (an `href` that is not `#…` or an embedded image, `url(…)` or `@import` that is not, an entity
 * declaration). The SVG is turned into pixels anyway, which runs nothing and fetches nothing (librsvg, given bytes,
 * loads no outside reference: tested); the refusal tells the person why the logo would not look as they expect.
 */
export function svgLogoProblem(svg: string): string | undefined {
  if (/<script[\s>/]|<foreignObject[\s>/]|\son[a-z]+\s*=|javascript:/i.test(svg)) return logoMessages.svgCode;
  const inside = /^\s*(#|data:image\/(png|jpeg|gif|webp);)/i;
  const references = [...svg.matchAll(/\bhref\s*=\s*(["'])(.*?)\1/gis), ...svg.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gis)].map(
    (match) => match[2]!,
  );
  if (/<!ENTITY|@import/i.test(svg) || references.some((reference) => !inside.test(reference))) return logoMessages.svgExternal;
  return undefined;
}

/** The width an SVG logo is drawn at: enough for the widest place a logo is shown, at twice its pixels. */
const logoWidth = 800;

/**
 * An SVG logo checked (svgLogoProblem) and drawn as a PNG about `logoWidth` wide: from here on it is pixels like any
 * other upload, so no SVG the campaign team uploads ever reaches a browser.
 */
async function rasterizeSvg(bytes: Buffer, width: number): Promise<Buffer> {
  const problem = svgLogoProblem(bytes.toString('utf8'));
  if (problem) throw new MediaRefusal(422, problem);
  const density = Math.min(72 * 8, Math.max(72, Math.round((72 * logoWidth) / Math.max(1, width))));
  try {
    return await sharp(bytes, { density, limitInputPixels: mediaLimits.pixels }).png().toBuffer();
  } catch {
    throw new MediaRefusal(422, logoMessages.svgDamaged);
  }
}

/** An upload the pipeline refuses: its status and its Spanish message go to the editor as they are. */
export class MediaRefusal extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'MediaRefusal';
  }
}

/** One file made from a photo, ready to be stored and served as `name`. */
export interface EncodedVariant {
  /** `{role}-{width}.{hash}.{format}`: a new content is a new name, so every address can be cached for ever. */
  name: string;
  role: MediaRole;
  format: MediaFormat;
  width: number;
  height: number;
  bytes: Buffer;
  sha256: string;
}

/** What an upload becomes: the photo's size, the source its crops are made from again, and every variant. */
export interface ProcessedUpload {
  /** Once turned upright. */
  width: number;
  height: number;
  /**
   * The photo upright, in sRGB, without metadata, at most `sourceSide` pixels on its longer side: what the crops are
   * made from again when the focal point moves (the original is not kept: it carries the EXIF).
   */
  source: Buffer;
  variants: EncodedVariant[];
}

/** Longer side of the stored source: enough for every crop at its largest width, even of a panorama. */
const sourceSide = 2560;

/**
 * Encoder settings, measured on the 2-core machine shared with other work (decision 050): with AVIF at effort 2 of 9 a
 * 12-megapixel JPEG becomes every variant in 1.4 to 2.1 s; effort 3 took twice as long and effort 4 five times, for
 * files a few per cent smaller. AVIF is most of the time.
 */
const encoders: Record<MediaFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
  // JPEG has no transparency: a PNG's transparent parts become white, as on the site's pages
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

/** The decoded pixels every variant is cut from, once. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const accepted = new Set(['jpeg', 'png', 'webp']);

/** What sharp's failures mean for the person uploading. */
function refusalOf(error: unknown): MediaRefusal {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new MediaRefusal(422, uploadMessages.tooManyPixels);
  if (/unsupported image format/i.test(message)) return new MediaRefusal(415, uploadMessages.notAnImage);
  if (/empty/i.test(message)) return new MediaRefusal(422, uploadMessages.empty);
  return new MediaRefusal(422, uploadMessages.damaged);
}

/** Checks the file by its content (never its name) and decodes it upright, in sRGB, at most `sourceSide` wide or high. */
async function decode(bytes: Buffer, logo = false): Promise<{ pixels: Pixels; width: number; height: number }> {
  if (bytes.length === 0) throw new MediaRefusal(422, uploadMessages.empty);
  if (bytes.length > mediaLimits.bytes) throw new MediaRefusal(413, uploadMessages.tooLarge);
  // limitInputPixels: sharp refuses before decoding a file whose header claims more (a decompression bomb)
  const options = { limitInputPixels: mediaLimits.pixels, failOn: 'truncated' } as const;
  const metadata = await sharp(bytes, options)
    .metadata()
    .catch((error: unknown) => {
      const refusal = refusalOf(error);
      throw logo && refusal.status === 415 ? new MediaRefusal(415, logoMessages.notAnImage) : refusal;
    });
  if (logo && metadata.format === 'svg') return decode(await rasterizeSvg(bytes, metadata.width));
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (format !== 'avif' && !accepted.has(format))
    throw new MediaRefusal(415, uploadMessages.format(format === 'heif' ? 'HEIC' : format));
  const { width, height } = metadata.autoOrient;
  if (width * height > mediaLimits.pixels) throw new MediaRefusal(422, uploadMessages.tooManyPixels);
  try {
    const { data, info } = await sharp(bytes, options)
      // turned as the camera said, before the metadata that said it goes (raw pixels carry none)
      .autoOrient()
      .toColourspace('srgb')
      .resize({ width: sourceSide, height: sourceSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels: { data, width: info.width, height: info.height, channels: info.channels }, width, height };
  } catch (error) {
    throw refusalOf(error);
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The widths of a shape `cropWidth` pixels wide can be made at: never wider than it (nothing is enlarged). */
function widthsFor(role: MediaRole, cropWidth: number): { each: number[]; fallback: number } {
  const spec = mediaRoles[role];
  const each = spec.widths.filter((width) => width <= cropWidth);
  const fallback = Math.min(spec.fallbackWidth, cropWidth);
  return { each: each.length > 0 ? each : [cropWidth], fallback };
}

/** Every file of one shape: each width in each format, and the JPEG fallback. */
function encodeRole(pixels: Pixels, role: MediaRole, focal: FocalPoint): Promise<EncodedVariant>[] {
  const { ratio, formats } = mediaRoles[role];
  const crop = focalCrop(pixels.width, pixels.height, ratio ?? pixels.width / pixels.height, focal);
  const { each, fallback } = widthsFor(role, crop.width);
  const jobs: { width: number; format: MediaFormat }[] = [
    ...each.flatMap((width) => formats.map((format) => ({ width, format }))),
    { width: fallback, format: 'jpeg' },
  ];
  return jobs.map(async ({ width, format }) => {
    const { width: w, height: h, channels, data } = pixels;
    const image = sharp(data, { raw: { width: w, height: h, channels } })
      .extract(crop)
      .resize({ width, height: Math.max(1, Math.round((width * crop.height) / crop.width)), fit: 'fill' });
    const { data: bytes, info } = await encoders[format](image).toBuffer({ resolveWithObject: true });
    const hash = sha256(bytes);
    return {
      name: `${role}-${width}.${hash.slice(0, 12)}.${format}`,
      role,
      format,
      width: info.width,
      height: info.height,
      bytes,
      sha256: hash,
    };
  });
}

/** The crops (every shape but `full`) of a photo's stored source, for its focal point. */
export async function cropVariants(source: Buffer, focal: FocalPoint): Promise<EncodedVariant[]> {
  const { data, info } = await sharp(source).raw().toBuffer({ resolveWithObject: true });
  const pixels: Pixels = { data, width: info.width, height: info.height, channels: info.channels };
  return Promise.all((['card', 'page', 'share'] as const).flatMap((role) => encodeRole(pixels, role, focal)));
}

/**
 * An uploaded photo made, once, into every file the site serves (issue #41 item 4): checked by its content, turned
 * upright, stripped of its metadata (EXIF, GPS), then AVIF and WebP at each width of each shape and a JPEG fallback
 * per shape, the crops around `focal`. Refusals are `MediaRefusal`s; nothing is written anywhere.
 *
 * @example
 * const { width, height, variants } = await processUpload(bytes, { focalX: 0.5, focalY: 0.3 })
 */
export async function processUpload(
  bytes: Buffer,
  {
    focalX,
    focalY,
    logo = false,
  }: {
    focalX: number;
    focalY: number;
    /** An organisation's logo (decision 060): SVG accepted, drawn as pixels; only the uncropped shape is made. */ logo?: boolean;
  },
): Promise<ProcessedUpload> {
  const { pixels, width, height } = await decode(bytes, logo);
  const focal = { x: focalX, y: focalY };
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } };
  const [source, variants] = await Promise.all([
    // kept for new crops: a JPEG, fast to make, unless there is transparency to keep (sRGB with alpha: 4 channels)
    (pixels.channels === 4
      ? sharp(pixels.data, raw).webp({ quality: 90 })
      : sharp(pixels.data, raw).jpeg({ quality: 90 })
    ).toBuffer(),
    Promise.all(
      (logo ? (['full'] as const) : (['full', 'card', 'page', 'share'] as const)).flatMap((role) =>
        encodeRole(pixels, role, focal),
      ),
    ),
  ]);
  return { width, height, source, variants };
}
