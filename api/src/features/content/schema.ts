import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt, savedByAt } from '../../db/columns';

// The content sets the panel edits, the kit's files and ZIPs, and the previews of a set not saved yet. A set's changes
// go to `content_log` and move `content_state`, tables of the stories' schema.ts.

// ---------------------------------------------------------------------------------------------------------------------
// The water facts and the impact counters (issue #42 items 2 and 3, decision 059): each an ordered set, saved whole,
// published at once, every save a revision; the changes go to `content_log` and move `content_state` as stories do.

/** One row per set (`datos`, `contadores`, `aliados` of decision 060): its items in order and the version a save must name. */
export const contentSets = pgTable(
  'content_sets',
  {
    kind: varchar('kind', { length: 24 }).primaryKey(),
    items: jsonb('items').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: varchar('updated_by', { length: 255 }).notNull(),
  },
  // the pages' texts (decision 062) are one set per editable page, `pagina:{page}` (editablePages of the contracts);
  // the campaign kit's files are `descargas` (decision 061); the allies and members `aliados` (decision 060)
  (table) => [
    check(
      'content_sets_kind_check',
      sql`${table.kind} in ('datos', 'contadores', 'descargas', 'aliados', 'pagina:index', 'pagina:quienes-somos', 'pagina:descargas', 'pagina:datos-agua', 'pagina:blog', 'pagina:aliados')`,
    ),
  ],
);

/** Every save of a set: who, when, the items. «Restaurar» makes an old one the set again (a new revision). */
export const contentSetRevisions = pgTable(
  'content_set_revisions',
  {
    kind: varchar('kind', { length: 24 })
      .notNull()
      .references(() => contentSets.kind, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    items: jsonb('items').notNull(),
    ...savedByAt(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.number] })],
);
// ---------------------------------------------------------------------------------------------------------------------
// The campaign kit's files (issue #42 item 4, decision 061): the set `descargas` of content_sets names each file's
// versions by their SHA-256; the bytes are here, so every instance serves the same ones, and so is the kit's ZIP.

/** A stored file's size and bytes, and when it was kept: a kit file's and a ZIP's. */
const storedFile = () => ({ size: integer('size').notNull(), bytes: bytea('bytes').notNull(), createdAt: createdAt() });

/** A kit file's bytes, once per content (a version uploaded twice is one row). Never deleted: revisions name them. */
export const kitBlobs = pgTable('kit_blobs', {
  sha256: varchar('sha256', { length: 64 }).primaryKey(),
  kind: varchar('kind', { length: 8 }).notNull(),
  ...storedFile(),
});

/** The ZIP of the visible files, built once per list of files (`manifest`: the SHA-256 of their names and hashes). */
export const kitArchives = pgTable('kit_archives', {
  manifest: varchar('manifest', { length: 64 }).primaryKey(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  ...storedFile(),
});

// ---------------------------------------------------------------------------------------------------------------------
// «Vista previa» of a content set (issue #42 item 6, decision 066): an editor's unsaved set, kept an hour so any
// instance of the fleet can render the pages it affects with it. Nothing public reads this table.

/** A draft set shown at /panel/vista-previa/{id}/…; rows a day past `expires_at` are swept when a new one is made. */
export const contentPreviews = pgTable(
  'content_previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 24 }).notNull(),
    items: jsonb('items').notNull(),
    createdBy: varchar('created_by', { length: 255 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('content_previews_expires_at_idx').on(table.expiresAt)],
);
