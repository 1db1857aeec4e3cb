-- Custom (decision 062, dated section): «Misión» and «Visión» of Quiénes somos hold paragraphs, as the other parts do,
-- so the panel can add and remove them. Their one `text` becomes `paragraphs: [text]` in the set, its revisions (a
-- restore brings back the new shape) and the previews still kept. No table changes: drizzle cannot express this.
UPDATE "content_sets" SET "items" = jsonb_set("items", '{texts,mission}', ("items" #> '{texts,mission}') - 'text' || jsonb_build_object('paragraphs', jsonb_build_array("items" #> '{texts,mission,text}'))) WHERE "kind" = 'pagina:quienes-somos' AND "items" #> '{texts,mission,text}' IS NOT NULL;
--> statement-breakpoint
UPDATE "content_sets" SET "items" = jsonb_set("items", '{texts,vision}', ("items" #> '{texts,vision}') - 'text' || jsonb_build_object('paragraphs', jsonb_build_array("items" #> '{texts,vision,text}'))) WHERE "kind" = 'pagina:quienes-somos' AND "items" #> '{texts,vision,text}' IS NOT NULL;
--> statement-breakpoint
UPDATE "content_set_revisions" SET "items" = jsonb_set("items", '{texts,mission}', ("items" #> '{texts,mission}') - 'text' || jsonb_build_object('paragraphs', jsonb_build_array("items" #> '{texts,mission,text}'))) WHERE "kind" = 'pagina:quienes-somos' AND "items" #> '{texts,mission,text}' IS NOT NULL;
--> statement-breakpoint
UPDATE "content_set_revisions" SET "items" = jsonb_set("items", '{texts,vision}', ("items" #> '{texts,vision}') - 'text' || jsonb_build_object('paragraphs', jsonb_build_array("items" #> '{texts,vision,text}'))) WHERE "kind" = 'pagina:quienes-somos' AND "items" #> '{texts,vision,text}' IS NOT NULL;
--> statement-breakpoint
UPDATE "content_previews" SET "items" = jsonb_set("items", '{texts,mission}', ("items" #> '{texts,mission}') - 'text' || jsonb_build_object('paragraphs', jsonb_build_array("items" #> '{texts,mission,text}'))) WHERE "kind" = 'pagina:quienes-somos' AND "items" #> '{texts,mission,text}' IS NOT NULL;
--> statement-breakpoint
UPDATE "content_previews" SET "items" = jsonb_set("items", '{texts,vision}', ("items" #> '{texts,vision}') - 'text' || jsonb_build_object('paragraphs', jsonb_build_array("items" #> '{texts,vision,text}'))) WHERE "kind" = 'pagina:quienes-somos' AND "items" #> '{texts,vision,text}' IS NOT NULL;
