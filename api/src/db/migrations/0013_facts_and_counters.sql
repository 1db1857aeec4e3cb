CREATE TABLE "content_set_revisions" (
	"kind" varchar(24) NOT NULL,
	"number" integer NOT NULL,
	"items" jsonb NOT NULL,
	"by" varchar(255) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_set_revisions_kind_number_pk" PRIMARY KEY("kind","number")
);
--> statement-breakpoint
CREATE TABLE "content_sets" (
	"kind" varchar(24) PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(255) NOT NULL,
	CONSTRAINT "content_sets_kind_check" CHECK ("content_sets"."kind" in ('datos', 'contadores'))
);
--> statement-breakpoint
ALTER TABLE "content_set_revisions" ADD CONSTRAINT "content_set_revisions_kind_content_sets_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."content_sets"("kind") ON DELETE cascade ON UPDATE no action;