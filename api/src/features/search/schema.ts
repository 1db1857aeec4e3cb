import { customType, date, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// The search's tables (decision 042): a generation of the index per content digest, its documents and its terms.

/** PostgreSQL's full-text document type (drizzle has none): written and read only through SQL functions. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One build of the site's search index (issue #34, decision 042), named by a digest of the documents it holds: every
 * instance serving the same content searches the same generation, and one serving other content (a rolling deploy)
 * builds and searches its own. `used_at` is renewed by the instances that search it; a generation nobody has used
 * for a day is deleted with its rows.
 */
export const searchGenerations = pgTable('search_generations', {
  id: varchar('id', { length: 64 }).primaryKey(),
  documents: integer('documents').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The generation a row belongs to: the row goes when the generation goes. */
const generationId = () =>
  varchar('generation', { length: 64 })
    .notNull()
    .references(() => searchGenerations.id, { onDelete: 'cascade' });

/**
 * What the search finds: a story, a water fact, an ally, a member or a part of a page. `head` holds the title (weight
 * A) and the tags or section (B), `words` those and the body (D), each word twice: stemmed and without accents
 * (`es_busqueda`) and as written without accents (`es_palabras`), so a typed prefix matches a word whose stem is
 * shorter than the prefix (migration 0006). `words` also holds the generation as a lexeme of its own (`~` and the
 * generation's name, which no typed word can be), so one GIN lookup finds a generation's matches (site-search.ts);
 * `head` holds it too, for the ranking's lookups of its first tiers (migration 0008).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    generation: generationId(),
    /** The document's place in the content (stories newest first): the last tie-breaker of the ranking. */
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    url: text('url').notNull(),
    label: text('label').notNull(),
    title: text('title').notNull(),
    /** Tags, a section's name: ranked under the title, over the body. */
    extra: text('extra').notNull(),
    /** Plain text the snippet is cut from. */
    body: text('body').notNull(),
    /** A story's date: the newer of two equal results comes first. */
    date: date('date'),
    head: tsvector('head').notNull(),
    words: tsvector('words').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.generation, table.position] }),
    index('search_documents_words_idx').using('gin', table.words),
    // the ranking's first tiers (title, then title and tags) are read from it, newest first, without visiting the rest
    index('search_documents_head_idx').using('gin', table.head),
    // a common word's first tiers read newest first in this order and stop at the page's last result instead of
    // sorting thousands of matches; the planner keeps the GIN indexes for a rare word (migration 0009)
    index('search_documents_order_idx').on(table.generation, table.date.desc().nullsLast(), table.position),
  ],
);

/**
 * Every word of a generation's documents as written without accents (four letters or more): where a mistyped word
 * finds the word it meant (trigrams, then an edit distance).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    generation: generationId(),
    term: text('term').notNull(),
  },
  // GiST, not GIN: the nearest words by trigrams come from it in order (`term <-> typed`), a few at a time
  (table) => [
    primaryKey({ columns: [table.generation, table.term] }),
    index('search_terms_term_trgm_idx').using('gist', table.term.op('gist_trgm_ops')),
  ],
);
