-- Decision 009: the user list counts its users and a location's list its materials; only the whole
-- inventory keeps counter rows (per block of ids). The user counter goes with its triggers.
DROP TRIGGER "users_counts_insert" ON "users";
--> statement-breakpoint
DROP TRIGGER "users_counts_delete" ON "users";
--> statement-breakpoint
DROP TRIGGER "users_counts_update" ON "users";
--> statement-breakpoint
DROP TRIGGER "users_counts_truncate" ON "users";
--> statement-breakpoint
DROP FUNCTION "user_counts_after_insert"();
--> statement-breakpoint
DROP FUNCTION "user_counts_after_delete"();
--> statement-breakpoint
DROP FUNCTION "user_counts_after_update"();
--> statement-breakpoint
DROP FUNCTION "user_counts_after_truncate"();
--> statement-breakpoint
DROP FUNCTION "user_counts_add"(integer);
--> statement-breakpoint
DROP TABLE "user_counts" CASCADE;
--> statement-breakpoint
-- The materials' triggers keep the counts per block of ids alone; a move to another location no
-- longer changes a count, so the update trigger fires on removals and restores only.
CREATE OR REPLACE FUNCTION "material_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "material_counts_by_bucket" AS c ("bucket", "live")
    SELECT "id" / 1024, count(*) FROM new_rows WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("bucket") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "material_counts_by_bucket" AS c ("bucket", "live")
    SELECT "id" / 1024, -count(*) FROM old_rows WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("bucket") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "material_counts_by_bucket" AS c ("bucket", "live")
    VALUES (NEW."id" / 1024, CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE -1 END)
    ON CONFLICT ("bucket") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "material_counts_by_bucket";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "materials_counts_update" ON "materials";
--> statement-breakpoint
CREATE TRIGGER "materials_counts_update" AFTER UPDATE OF "deleted_at" ON "materials"
  FOR EACH ROW WHEN ((OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "material_counts_after_update"();
--> statement-breakpoint
DROP TABLE "material_counts_by_location" CASCADE;
