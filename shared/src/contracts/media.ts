/**
 * Uploaded photos (issue #41 item 4, decision 050): the variants the API makes of each one, what it answers, and the
 * `<picture>` data a page draws from that answer. Types, limits and pure functions only: no React, no validation
 * library, so a remote can import it.
 */

/** What an upload may weigh and hold (the API refuses more with a Spanish message). */
export const mediaLimits = {
  bytes: 20 * 1024 * 1024,
  pixels: 40_000_000,
  alt: 200,
} as const;

/** The 413 of an upload over `mediaLimits.bytes` (the API's pipeline and its body limit say the same). */
export const mediaTooLargeMessage = `La foto pesa más de ${mediaLimits.bytes / 1024 / 1024} MB: redúcela o expórtala de nuevo antes de subirla.`;

/** The formats every variant is made in: the browser takes the first `<source>` it can show, the JPEG is the fallback. */
export type MediaFormat = 'avif' | 'webp' | 'jpeg';

export const mediaContentTypes: Record<MediaFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * The shapes a photo is drawn in: `full` as taken (uncropped), and three crops that keep the focal point: `card` (4:3,
 * the lists and the carousel), `page` (16:9, a story's header) and `share` (1200×630, Open Graph).
 */
export type MediaRole = 'full' | 'card' | 'page' | 'share';

export interface MediaRoleSpec {
  /** Width over height of the crop; null: the photo's own shape. */
  ratio: number | null;
  /** The widths made (those wider than the photo are left out: nothing is enlarged). */
  widths: readonly number[];
  /** The formats made at each width. */
  formats: readonly MediaFormat[];
  /** The one JPEG, `<img src>` for a browser that shows neither AVIF nor WebP: at this width, or the photo's if narrower. */
  fallbackWidth: number;
}

export const mediaRoles: Record<MediaRole, MediaRoleSpec> = {
  full: { ratio: null, widths: [480, 768, 1200, 1600], formats: ['avif', 'webp'], fallbackWidth: 1200 },
  card: { ratio: 4 / 3, widths: [480, 768], formats: ['avif', 'webp'], fallbackWidth: 768 },
  page: { ratio: 16 / 9, widths: [480, 768, 1200, 1600], formats: ['avif', 'webp'], fallbackWidth: 1200 },
  // what social networks read: one JPEG (their crawlers do not all take AVIF or WebP)
  share: { ratio: 1200 / 630, widths: [1200], formats: [], fallbackWidth: 1200 },
};

/** One stored file of a photo, served at `url` with immutable caching (its name carries its content's hash). */
export interface MediaVariant {
  role: MediaRole;
  format: MediaFormat;
  width: number;
  height: number;
  bytes: number;
  url: string;
}

/** A photo as the API answers it (POST /api/media, PATCH /api/media/{id}). */
export interface MediaImage {
  id: string;
  /** Of the photo as uploaded, once turned upright. */
  width: number;
  height: number;
  /** The text read aloud instead of the photo; null until written (or for a decorative photo). */
  alt: string | null;
  /** Marked on purpose as adding nothing to the text: drawn with `alt=""`. */
  decorative: boolean;
  /** Where the crops are centred, from the top-left corner, each 0..1. */
  focal: { x: number; y: number };
  variants: MediaVariant[];
}

/** The addresses of the photos' endpoints. */
export const mediaApi = {
  upload: '/api/media',
  one: (id: string) => `/api/media/${encodeURIComponent(id)}`,
} as const;

/** The public address of a stored variant. */
export const mediaFileUrl = (id: string, name: string) => `/media/${encodeURIComponent(id)}/${encodeURIComponent(name)}`;

/**
 * The address an uploaded logo is shown by (decision 060): its widest uncropped WebP (logos keep their transparency,
 * which the JPEG fallback would fill with white); undefined for an image without one.
 */
export function logoUrlOf(image: Pick<MediaImage, 'variants'>): string | undefined {
  const webp = image.variants.filter((variant) => variant.role === 'full' && variant.format === 'webp');
  return webp.reduce<MediaVariant | undefined>(
    (widest, variant) => (!widest || variant.width > widest.width ? variant : widest),
    undefined,
  )?.url;
}

/** The photo's id in a `/media/{id}/…` address (a story's image field), or null for any other address. */
export function mediaIdOf(path: string): string | null {
  return /^\/media\/([\w-]{1,64})\//.exec(path)?.[1] ?? null;
}

/** What a page draws a photo with: `<picture>` with one `<source>` per format and an `<img>` with its size. */
export interface PictureData {
  sources: { type: string; srcset: string; sizes: string }[];
  img: { src: string; width: number; height: number; alt: string };
}

/**
 * The `<picture>` of a photo in one of its shapes: AVIF and WebP sources (every width, for the browser to choose by
 * `sizes`), then the `<img>`: the JPEG fallback, with the width and height that reserve the photo's place whatever source
 * is shown (every variant of a shape has the same proportions: no layout shift). A decorative photo,
 * or one without alt text yet, has `alt: ''`.
 *
 * @example
 * const picture = pictureFor(image, 'card', '(min-width: 1200px) 360px, 100vw')
 * // <picture>{picture.sources.map((s) => <source {...s} />)}<img {...picture.img} /></picture>
 */
export function pictureFor(image: MediaImage, role: MediaRole, sizes: string): PictureData {
  const ofRole = image.variants.filter((variant) => variant.role === role);
  const fallback = ofRole.find((variant) => variant.format === 'jpeg');
  if (!fallback) throw new Error(`La foto ${image.id} no tiene la forma «${role}»`);
  const sources = (['avif', 'webp'] as const)
    .map((format) => ofRole.filter((variant) => variant.format === format).sort((a, b) => a.width - b.width))
    .filter((variants) => variants.length > 0)
    .map((variants) => ({
      type: mediaContentTypes[variants[0]!.format],
      srcset: variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
      sizes,
    }));
  return {
    sources,
    img: { src: fallback.url, width: fallback.width, height: fallback.height, alt: image.decorative ? '' : (image.alt ?? '') },
  };
}
