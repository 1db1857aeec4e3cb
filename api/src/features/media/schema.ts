import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns';
import { users } from '../accounts/schema';

// The uploaded photos (issue #41 item 4, decision 050). In the database, so every instance of a fleet serves the same
// bytes; an upload writes its image and all its variants in one transaction.

/** A photo: what the editor said of it and the source its crops are made from again when the focal point moves. */
export const mediaImages = pgTable(
  'media_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The file's name on the uploader's device: shown in the panel, never used to tell what the file is. */
    originalName: varchar('original_name', { length: 255 }).notNull(),
    /** Null until written, and always for a decorative photo. */
    alt: varchar('alt', { length: 200 }),
    decorative: boolean('decorative').notNull().default(false),
    focalX: doublePrecision('focal_x').notNull().default(0.5),
    focalY: doublePrecision('focal_y').notNull().default(0.5),
    /** Of the photo as uploaded, once upright. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The photo upright and without metadata, at most 2560 px on a side (never served). */
    source: bytea('source').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('media_images_focal_check', sql`${table.focalX} between 0 and 1 and ${table.focalY} between 0 and 1`),
    check('media_images_decorative_check', sql`not (${table.decorative} and ${table.alt} is not null)`),
  ],
);

/** One served file of a photo: a shape (role) at a width in a format, named by its content's hash. */
export const mediaVariants = pgTable(
  'media_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => mediaImages.id, { onDelete: 'cascade' }),
    /** `{role}-{width}.{hash}.{format}`: the last part of its address, `/media/{id}/{name}`. */
    name: varchar('name', { length: 64 }).notNull(),
    role: varchar('role', { length: 8 }).notNull(),
    format: varchar('format', { length: 8 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Hex SHA-256 of `bytes`: the ETag. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.name] }),
    check('media_variants_role_check', sql`${table.role} in ('full', 'card', 'page', 'share')`),
    check('media_variants_format_check', sql`${table.format} in ('avif', 'webp', 'jpeg')`),
  ],
);
