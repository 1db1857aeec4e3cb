-- The inbox (issue #13, docs/decisions/016-campaign-inbox.md): a trigram index for its search and a table of counts
-- for its "new leads per kind", kept by triggers so no page counts 100,000 rows.

-- pg_trgm is a trusted extension: the database owner may create it (PostgreSQL 13+). PGlite loads it in database.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "leads_search_text_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "lead_counts" (
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_counts_kind_status_pk" PRIMARY KEY("kind","status")
);
--> statement-breakpoint
INSERT INTO "lead_counts" ("kind", "status", "total") SELECT "kind", "status", count(*) FROM "leads" GROUP BY "kind", "status";--> statement-breakpoint
-- one row of lead_counts up or down; a missing row starts at zero
CREATE FUNCTION "lead_counts_add"(p_kind varchar, p_status varchar, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "lead_counts" ("kind", "status", "total") VALUES (p_kind, p_status, p_delta)
  ON CONFLICT ("kind", "status") DO UPDATE SET "total" = "lead_counts"."total" + EXCLUDED."total";
$$;--> statement-breakpoint
-- A status change touches two rows: always in the same order (kind, then status), so two staff members changing
-- leads in opposite directions at the same moment wait for each other instead of deadlocking.
CREATE FUNCTION "lead_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "lead_counts_add"(NEW."kind", NEW."status", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "lead_counts_add"(OLD."kind", OLD."status", -1);
  ELSIF (OLD."kind", OLD."status") IS DISTINCT FROM (NEW."kind", NEW."status") THEN
    IF (OLD."kind", OLD."status") < (NEW."kind", NEW."status") THEN
      PERFORM "lead_counts_add"(OLD."kind", OLD."status", -1);
      PERFORM "lead_counts_add"(NEW."kind", NEW."status", 1);
    ELSE
      PERFORM "lead_counts_add"(NEW."kind", NEW."status", 1);
      PERFORM "lead_counts_add"(OLD."kind", OLD."status", -1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "leads_counts" AFTER INSERT OR DELETE OR UPDATE OF "kind", "status" ON "leads" FOR EACH ROW EXECUTE FUNCTION "lead_counts_follow"();--> statement-breakpoint
-- TRUNCATE fires no row trigger (the PostgreSQL tests empty the tables with it)
CREATE FUNCTION "lead_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "leads_counts_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_reset"();
