-- The failures of a release while it is watched after its activation (issue #31 item 6, docs/decisions/045-automatic-rollback.md),
-- counted by every instance in one place: per watch (the activating log line), kind and source.

CREATE TABLE "release_signals" (
	"watch_id" bigint NOT NULL,
	"release_id" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"source" varchar(64) NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_signals_watch_id_kind_source_pk" PRIMARY KEY("watch_id","kind","source"),
	CONSTRAINT "release_signals_kind_check" CHECK ("kind" in ('servidor', 'navegador'))
);
