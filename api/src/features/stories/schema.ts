import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt, savedByAt } from '../../db/columns';

// The stories' tables (issue #41, decision 049), their share cards (decision 050), and the content's log and position:
// every change visitors can see, a story's or a content set's, writes a line of `content_log` and moves `content_state`.

/** The life of a story in the panel (issue #41, decision 049). */
export const storyStates = ['borrador', 'programada', 'publicada', 'retirada'] as const;
export type StoryStateName = (typeof storyStates)[number];

/**
 * The site's stories (issue #41, decision 049): the working copy the editors save (`fields`, front matter and Markdown
 * body) and, apart, what visitors read (`published`), so a saved draft of a published story changes nothing public
 * until «Publicar». `version` is the optimistic concurrency: a save or an action names the version it was decided on.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The working copy's address; unique among stories (an old address of another story is in story_redirects). */
    slug: varchar('slug', { length: 100 }).notNull().unique(),
    state: varchar('state', { length: 16 }).$type<StoryStateName>().notNull(),
    /** The working copy (StoryFields of @gota/shared/contracts). */
    fields: jsonb('fields').notNull(),
    /** What visitors read (StoryFields), or null before the first publication. */
    published: jsonb('published'),
    version: integer('version').notNull().default(1),
    /** When a `programada` story is published by the server itself. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 255 }).notNull(),
    createdAt: createdAt(),
    updatedBy: varchar('updated_by', { length: 255 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stories_due_idx')
      .on(table.publishAt)
      .where(sql`"state" = 'programada'`),
    check('stories_state_check', sql`"state" in ('borrador', 'programada', 'publicada', 'retirada')`),
  ],
);

/** Every save of a story, numbered from 1: who, when, the fields as saved. Restoring one makes a new one. */
export const storyRevisions = pgTable(
  'story_revisions',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id),
    number: integer('number').notNull(),
    fields: jsonb('fields').notNull(),
    ...savedByAt(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.number] })],
);

/** The old addresses of a published story whose slug changed: answered with a 301 to its address now. */
export const storyRedirects = pgTable('story_redirects', {
  slug: varchar('slug', { length: 100 }).primaryKey(),
  storyId: uuid('story_id')
    .notNull()
    .references(() => stories.id),
  createdAt: createdAt(),
});

/**
 * Every change of the site's content, in order (issue #41 item 2): who, when, which item, what. Append-only: a trigger
 * refuses updates and deletes (migration 0010).
 */
export const contentLog = pgTable(
  'content_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What kind of content (`historia`). */
    kind: varchar('kind', { length: 24 }).notNull(),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    action: varchar('action', { length: 24 }).notNull(),
    actor: varchar('actor', { length: 255 }).notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_log_item_idx').on(table.kind, table.itemId, table.id)],
);

/**
 * One row: the position of the public content. Every change visitors can see (a publication, a withdrawal) moves it in
 * its transaction and NOTIFYs `gota_content`; each instance reads the published content again when it moves.
 */
export const contentState = pgTable('content_state', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  /** When the stories of api/content/stories were imported (once, into a database that had none). */
  storiesImportedAt: timestamp('stories_imported_at', { withTimezone: true }),
});

// ─── Share cards of the stories (issue #41 item 4, decision 050) ─────────────────────────────────────────────────────

/**
 * A story's share card (1200×630 PNG), drawn when the story is published and kept here so every instance serves the
 * same bytes without drawing them again. Keyed by its address (`/historias/{slug}/tarjeta-{digest}.png`), whose digest
 * follows the title and the photo's crop: a new title is a new row.
 */
export const storyShareCards = pgTable('story_share_cards', {
  path: varchar('path', { length: 200 }).primaryKey(),
  png: bytea('png').notNull(),
  createdAt: createdAt(),
});
