CREATE TABLE "story_share_cards" (
	"path" varchar(200) PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
