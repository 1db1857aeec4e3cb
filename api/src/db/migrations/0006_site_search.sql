-- The site's search (issue #34, docs/decisions/042-site-search.md): PostgreSQL's full-text search with two
-- configurations of our own, a generation table, the documents and the words a typo is corrected against.
-- (Numbered 0006: 0005 is the releases' migration, written on another branch at the same time.)

-- unaccent and fuzzystrmatch are trusted extensions, like pg_trgm (0004): the database owner may create them. PGlite
-- loads them in database.ts.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- Spanish stems of words without accents or capitals: «Hídrica» and «hidrica» are one lexeme, «perros» and «perro» too.
CREATE TEXT SEARCH CONFIGURATION es_busqueda (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION es_busqueda ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
-- Whole words without accents or capitals, stop words kept: what a typed prefix and a corrected typo are matched to.
CREATE TEXT SEARCH CONFIGURATION es_palabras (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION es_palabras ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"generation" varchar(64) NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"url" text NOT NULL,
	"label" text NOT NULL,
	"title" text NOT NULL,
	"extra" text NOT NULL,
	"body" text NOT NULL,
	"date" date,
	"head" "tsvector" NOT NULL,
	"words" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_generation_position_pk" PRIMARY KEY("generation","position")
);
--> statement-breakpoint
-- The body and the words' vector out of the row, the title's and tags' vector (`head`) always in it, uncompressed: a
-- common word's thousands of matches are ranked by reading small rows, and only the page shown reads its bodies.
ALTER TABLE "search_documents" SET (toast_tuple_target = 128);--> statement-breakpoint
ALTER TABLE "search_documents" ALTER COLUMN "head" SET STORAGE PLAIN;--> statement-breakpoint
CREATE TABLE "search_generations" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"generation" varchar(64) NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_terms_generation_term_pk" PRIMARY KEY("generation","term")
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_generation_search_generations_id_fk" FOREIGN KEY ("generation") REFERENCES "public"."search_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_generation_search_generations_id_fk" FOREIGN KEY ("generation") REFERENCES "public"."search_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);