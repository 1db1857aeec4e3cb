CREATE TABLE "role_bootstrap" (
	"email" varchar(255) NOT NULL,
	"role" varchar(16) NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_bootstrap_email_role_pk" PRIMARY KEY("email","role"),
	CONSTRAINT "role_bootstrap_role_check" CHECK ("role" in ('administrador', 'editor', 'bandeja', 'operador'))
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" varchar(255) NOT NULL,
	"roles" jsonb NOT NULL,
	"invited_by_id" uuid,
	"invited_by_name" varchar(255) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid,
	"actor" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"action" varchar(24) NOT NULL,
	"role" varchar(16),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_log_action_check" CHECK ("action" in ('concedido', 'retirado', 'quitado', 'invitado', 'invitacion-aceptada', 'arranque'))
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" varchar(16) NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by_id" uuid,
	"granted_by_name" varchar(255),
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("role" in ('administrador', 'editor', 'bandeja', 'operador'))
);
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_used_by_id_users_id_fk" FOREIGN KEY ("used_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_invitations_email_idx" ON "team_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "team_log_at_idx" ON "team_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role");--> statement-breakpoint
-- written by hand (decision 051): the team's log is a record of who changed what; nothing rewrites or removes a line
-- (TRUNCATE, which the tests use, fires no row trigger)
CREATE FUNCTION "team_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'team_log solo admite nuevas líneas';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "team_log_append_only" BEFORE UPDATE OR DELETE ON "team_log" FOR EACH ROW EXECUTE FUNCTION "team_log_append_only"();
