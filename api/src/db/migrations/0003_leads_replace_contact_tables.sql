-- the leads written before the inbox existed move to the one table the inbox reads (issue #13)
INSERT INTO "leads" ("id", "kind", "empresa", "name", "email", "mensaje", "created_at")
SELECT "id", 'empresa', "empresa", "name", "email", "mensaje", "created_at" FROM "company_messages";--> statement-breakpoint
INSERT INTO "leads" ("id", "kind", "name", "last_name", "email", "created_at")
SELECT "id", 'registro', "name", "last_name", "email", "created_at" FROM "contact_registrations";--> statement-breakpoint
DROP TABLE "company_messages" CASCADE;--> statement-breakpoint
DROP TABLE "contact_registrations" CASCADE;
