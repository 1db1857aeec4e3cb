CREATE TABLE "media_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"alt" varchar(200),
	"decorative" boolean DEFAULT false NOT NULL,
	"focal_x" double precision DEFAULT 0.5 NOT NULL,
	"focal_y" double precision DEFAULT 0.5 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"source" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "media_images_focal_check" CHECK ("media_images"."focal_x" between 0 and 1 and "media_images"."focal_y" between 0 and 1),
	CONSTRAINT "media_images_decorative_check" CHECK (not ("media_images"."decorative" and "media_images"."alt" is not null))
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"image_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"role" varchar(8) NOT NULL,
	"format" varchar(8) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" varchar(64) NOT NULL,
	CONSTRAINT "media_variants_image_id_name_pk" PRIMARY KEY("image_id","name"),
	CONSTRAINT "media_variants_role_check" CHECK ("media_variants"."role" in ('full', 'card', 'page', 'share')),
	CONSTRAINT "media_variants_format_check" CHECK ("media_variants"."format" in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
ALTER TABLE "media_images" ADD CONSTRAINT "media_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE cascade ON UPDATE no action;