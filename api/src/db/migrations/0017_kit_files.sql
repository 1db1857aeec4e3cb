CREATE TABLE "kit_archives" (
	"manifest" varchar(64) PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kit_blobs" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_sets" DROP CONSTRAINT "content_sets_kind_check";--> statement-breakpoint
ALTER TABLE "content_sets" ADD CONSTRAINT "content_sets_kind_check" CHECK ("content_sets"."kind" in ('datos', 'contadores', 'descargas', 'pagina:index', 'pagina:quienes-somos', 'pagina:descargas', 'pagina:datos-agua', 'pagina:blog', 'pagina:aliados'));