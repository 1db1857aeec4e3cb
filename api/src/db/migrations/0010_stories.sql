-- Stories move from api/content/stories into the database (issue #41, decision 049): the working copy and the
-- published copy of each story, every save as a revision, old addresses, the append-only content log and the public
-- content's position that every instance follows.
CREATE TABLE "content_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(24) NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"action" varchar(24) NOT NULL,
	"actor" varchar(255) NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"stories_imported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(100) NOT NULL,
	"state" varchar(16) NOT NULL,
	"fields" jsonb NOT NULL,
	"published" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"publish_at" timestamp with time zone,
	"first_published_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(255) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "stories_state_check" CHECK ("state" in ('borrador', 'programada', 'publicada', 'retirada'))
);
--> statement-breakpoint
CREATE TABLE "story_redirects" (
	"slug" varchar(100) PRIMARY KEY NOT NULL,
	"story_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_revisions" (
	"story_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"by" varchar(255) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_revisions_story_id_number_pk" PRIMARY KEY("story_id","number")
);
--> statement-breakpoint
ALTER TABLE "story_redirects" ADD CONSTRAINT "story_redirects_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_revisions" ADD CONSTRAINT "story_revisions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_log_item_idx" ON "content_log" USING btree ("kind","item_id","id");--> statement-breakpoint
CREATE INDEX "stories_due_idx" ON "stories" USING btree ("publish_at") WHERE "state" = 'programada';--> statement-breakpoint
-- the content log is a record of who changed what: nothing rewrites or removes a line (TRUNCATE, which the tests use,
-- fires no row trigger)
CREATE FUNCTION "content_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'content_log es de solo añadir: no se modifica ni se borra una línea';
END $$;--> statement-breakpoint
CREATE TRIGGER "content_log_append_only" BEFORE UPDATE OR DELETE ON "content_log" FOR EACH ROW EXECUTE FUNCTION "content_log_append_only"();--> statement-breakpoint
INSERT INTO "content_state" ("id", "seq") VALUES (1, 0);
