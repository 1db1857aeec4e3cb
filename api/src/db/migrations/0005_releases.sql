-- Releases of the remotes (issue #31, docs/decisions/039-releases.md): every release registered, at most one active per
-- remote (a partial unique index), and the append-only log of every change of an active release.

CREATE TABLE "release_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"remote" varchar(40) NOT NULL,
	"from_release" varchar(16),
	"to_release" varchar(16),
	"action" varchar(24) NOT NULL,
	"actor" varchar(255) NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_log_action_check" CHECK ("action" in ('activacion', 'reversion', 'reversion-automatica', 'importacion'))
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"id" varchar(16) PRIMARY KEY NOT NULL,
	"remote" varchar(40) NOT NULL,
	"manifest_url" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"manifest_sha256" varchar(64) NOT NULL,
	"browser_entry_sha256" varchar(64) NOT NULL,
	"server_entry_sha256" varchar(64) NOT NULL,
	"server_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exposes" jsonb NOT NULL,
	"shared" jsonb NOT NULL,
	"state" varchar(16) NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb NOT NULL,
	"created_by" varchar(255) NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_releases_state_check" CHECK ("state" in ('candidata', 'activa', 'retirada', 'rechazada'))
);
--> statement-breakpoint
CREATE INDEX "release_log_remote_id_idx" ON "release_log" USING btree ("remote","id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_releases_one_active_idx" ON "remote_releases" USING btree ("remote") WHERE "state" = 'activa';--> statement-breakpoint
CREATE INDEX "remote_releases_remote_created_at_idx" ON "remote_releases" USING btree ("remote","created_at");--> statement-breakpoint
-- the log is a record of who changed what: nothing rewrites or removes a line (TRUNCATE, which the tests use, fires no row trigger)
CREATE FUNCTION "release_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'release_log solo admite nuevas líneas';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "release_log_append_only" BEFORE UPDATE OR DELETE ON "release_log" FOR EACH ROW EXECUTE FUNCTION "release_log_append_only"();
