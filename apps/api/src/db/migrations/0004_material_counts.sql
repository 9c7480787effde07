CREATE TABLE "material_counts_by_bucket" (
	"bucket" integer PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_counts_by_location" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_counts_by_location" ADD CONSTRAINT "material_counts_by_location_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Inserts and deletes: one statement-level trigger each, adding up the transition table, touching
-- the counter rows in key order so that concurrent writers take their locks in the same order.
CREATE FUNCTION "material_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "material_counts_by_location" AS c ("location_id", "live")
    SELECT "location_id", count(*) FROM new_rows WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("location_id") DO UPDATE SET "live" = c."live" + excluded."live";
  INSERT INTO "material_counts_by_bucket" AS c ("bucket", "live")
    SELECT "id" / 1024, count(*) FROM new_rows WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("bucket") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "material_counts_by_location" AS c ("location_id", "live")
    SELECT "location_id", -count(*) FROM old_rows WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("location_id") DO UPDATE SET "live" = c."live" + excluded."live";
  INSERT INTO "material_counts_by_bucket" AS c ("bucket", "live")
    SELECT "id" / 1024, -count(*) FROM old_rows WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("bucket") DO UPDATE SET "live" = c."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: only a move to another location or a (soft) removal or restore changes a count.
CREATE FUNCTION "material_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "material_counts_by_location" AS c ("location_id", "live")
    SELECT l, sum(d) FROM (VALUES
      (OLD."location_id", CASE WHEN OLD."deleted_at" IS NULL THEN -1 ELSE 0 END),
      (NEW."location_id", CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE 0 END)) v(l, d)
    GROUP BY l HAVING sum(d) <> 0 ORDER BY l
    ON CONFLICT ("location_id") DO UPDATE SET "live" = c."live" + excluded."live";
  IF (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL) THEN
    INSERT INTO "material_counts_by_bucket" AS c ("bucket", "live")
      VALUES (NEW."id" / 1024, CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE -1 END)
      ON CONFLICT ("bucket") DO UPDATE SET "live" = c."live" + excluded."live";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "material_counts_by_location";
  DELETE FROM "material_counts_by_bucket";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "materials_counts_insert" AFTER INSERT ON "materials"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "materials_counts_delete" AFTER DELETE ON "materials"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "materials_counts_update" AFTER UPDATE OF "location_id", "deleted_at" ON "materials"
  FOR EACH ROW
  WHEN (OLD."location_id" IS DISTINCT FROM NEW."location_id" OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "material_counts_after_update"();
--> statement-breakpoint
CREATE TRIGGER "materials_counts_truncate" AFTER TRUNCATE ON "materials"
  FOR EACH STATEMENT EXECUTE FUNCTION "material_counts_after_truncate"();
--> statement-breakpoint
INSERT INTO "material_counts_by_location" ("location_id", "live")
  SELECT "location_id", count(*) FROM "materials" WHERE "deleted_at" IS NULL GROUP BY 1;
--> statement-breakpoint
INSERT INTO "material_counts_by_bucket" ("bucket", "live")
  SELECT "id" / 1024, count(*) FROM "materials" WHERE "deleted_at" IS NULL GROUP BY 1;
