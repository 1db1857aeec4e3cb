import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { mediaFileUrl, type MediaFormat, type MediaImage, type MediaRole } from '@gota/shared/contracts';
import type { Database, Tx } from '../../db/database';
import { mediaImages, mediaVariants } from '../../db/schema';
import type { FocalPoint } from './focal-crop';
import type { EncodedVariant, ProcessedUpload } from './process-upload';

/** What the editor says of a photo; `undefined` leaves a field as it is. */
export interface MediaDescription {
  alt?: string | null;
  decorative?: boolean;
}

/** A stored file, as `GET /media/{id}/{name}` sends it. */
export interface MediaFile {
  format: MediaFormat;
  bytes: Buffer;
  sha256: string;
}

/** Alt text and decorative mark exclude each other: a text makes the photo not decorative, the mark removes the text. */
function described(
  current: { alt: string | null; decorative: boolean },
  change: MediaDescription,
): { alt: string | null; decorative: boolean } {
  if (change.decorative === true) return { alt: null, decorative: true };
  if (change.alt) return { alt: change.alt, decorative: false };
  return { alt: change.alt === undefined ? current.alt : null, decorative: change.decorative ?? current.decorative };
}

const rowsOf = (imageId: string, variants: EncodedVariant[]) =>
  variants.map(({ name, role, format, width, height, bytes, sha256 }) => ({
    imageId,
    name,
    role,
    format,
    width,
    height,
    bytes,
    sha256,
  }));

/**
 * The photos' rows (decision 050): an image and every variant written in one transaction, so a failure leaves neither;
 * a new focal point and its crops likewise. Reads never load the bytes but to serve one file.
 *
 * @example
 * const image = await mediaStore(database).create({ upload, originalName: 'escuela.jpg', focal, createdBy })
 */
export function mediaStore(database: Database) {
  const find = async (db: Tx | ReturnType<Database['use']>, id: string): Promise<MediaImage | null> => {
    const [image] = await db
      .select({
        id: mediaImages.id,
        width: mediaImages.width,
        height: mediaImages.height,
        alt: mediaImages.alt,
        decorative: mediaImages.decorative,
        x: mediaImages.focalX,
        y: mediaImages.focalY,
      })
      .from(mediaImages)
      .where(eq(mediaImages.id, id));
    if (!image) return null;
    const variants = await db
      .select({
        name: mediaVariants.name,
        role: mediaVariants.role,
        format: mediaVariants.format,
        width: mediaVariants.width,
        height: mediaVariants.height,
        bytes: sql<number>`octet_length(${mediaVariants.bytes})`.mapWith(Number),
      })
      .from(mediaVariants)
      .where(eq(mediaVariants.imageId, id))
      .orderBy(asc(mediaVariants.role), asc(mediaVariants.format), asc(mediaVariants.width));
    const { x, y, ...rest } = image;
    return {
      ...rest,
      focal: { x, y },
      variants: variants.map(({ name, ...variant }) => ({
        ...variant,
        role: variant.role as MediaRole,
        format: variant.format as MediaFormat,
        url: mediaFileUrl(id, name),
      })),
    };
  };

  return {
    find: (id: string) => find(database.use(), id),

    /** A new photo and all its variants, in one transaction. */
    async create({
      upload,
      originalName,
      focal,
      createdBy,
      ...description
    }: {
      upload: ProcessedUpload;
      originalName: string;
      focal: FocalPoint;
      createdBy: string | null;
    } & MediaDescription): Promise<MediaImage> {
      return database.use().transaction(async (tx) => {
        const { alt, decorative } = described({ alt: null, decorative: false }, description);
        const [row] = await tx
          .insert(mediaImages)
          .values({
            originalName: originalName.slice(0, 255),
            alt,
            decorative,
            focalX: focal.x,
            focalY: focal.y,
            width: upload.width,
            height: upload.height,
            source: upload.source,
            createdBy,
          })
          .returning({ id: mediaImages.id });
        await tx.insert(mediaVariants).values(rowsOf(row!.id, upload.variants));
        return (await find(tx, row!.id))!;
      });
    },

    /** The photo's source, to make new crops from; null for an unknown id. */
    async source(id: string): Promise<Buffer | null> {
      const [row] = await database.use().select({ source: mediaImages.source }).from(mediaImages).where(eq(mediaImages.id, id));
      return row?.source ?? null;
    },

    /**
     * A new description and, with `crops`, a new focal point and the crops made for it (the old crops go), in one
     * transaction; null when the photo is gone.
     */
    async update(
      id: string,
      change: MediaDescription,
      crops?: { focal: FocalPoint; variants: EncodedVariant[] },
    ): Promise<MediaImage | null> {
      return database.use().transaction(async (tx) => {
        const [current] = await tx
          .select({ alt: mediaImages.alt, decorative: mediaImages.decorative })
          .from(mediaImages)
          .where(eq(mediaImages.id, id))
          .for('update');
        if (!current) return null;
        await tx
          .update(mediaImages)
          .set({ ...described(current, change), ...(crops && { focalX: crops.focal.x, focalY: crops.focal.y }) })
          .where(eq(mediaImages.id, id));
        if (crops) {
          await tx.delete(mediaVariants).where(and(eq(mediaVariants.imageId, id), ne(mediaVariants.role, 'full')));
          await tx.insert(mediaVariants).values(rowsOf(id, crops.variants));
        }
        return find(tx, id);
      });
    },

    /** One stored file, or null. */
    async file(id: string, name: string): Promise<MediaFile | null> {
      const [row] = await database
        .use()
        .select({ format: mediaVariants.format, bytes: mediaVariants.bytes, sha256: mediaVariants.sha256 })
        .from(mediaVariants)
        .where(and(eq(mediaVariants.imageId, id), eq(mediaVariants.name, name)));
      return row ? { ...row, format: row.format as MediaFormat } : null;
    },
  };
}
