ALTER TABLE "leads" ADD COLUMN "ally_id" varchar(80);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ally_name" varchar(120);