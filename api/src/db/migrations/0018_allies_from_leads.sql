ALTER TABLE "content_sets" DROP CONSTRAINT "content_sets_kind_check";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ally_id" varchar(80);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ally_name" varchar(120);--> statement-breakpoint
ALTER TABLE "content_sets" ADD CONSTRAINT "content_sets_kind_check" CHECK ("content_sets"."kind" in ('datos', 'contadores', 'descargas', 'aliados', 'pagina:index', 'pagina:quienes-somos', 'pagina:descargas', 'pagina:datos-agua', 'pagina:blog', 'pagina:aliados'));