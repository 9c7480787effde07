-- The company's catalogue (issue 30, decision 037): one material type per kind of material, and
-- each location's stock a quantity of a type there. Today's rows are grouped into types by name
-- (case and surrounding spaces ignored) and unit; every row keeps its id, so every quantity,
-- movement, rental, request and invoice usage points at the same stock as before.
CREATE TABLE "material_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_number" text,
	"name" text NOT NULL,
	"category" text,
	"unit" text DEFAULT 'EACH' NOT NULL,
	"weight_kg" numeric(12, 3),
	"replacement_value" numeric(14, 2),
	"notes" text,
	"retired_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_types_weight_check" CHECK ("material_types"."weight_kg" >= 0),
	CONSTRAINT "material_types_value_check" CHECK ("material_types"."replacement_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "material_types" ADD CONSTRAINT "material_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "material_types_name_unique" ON "material_types" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "material_types_item_number_unique" ON "material_types" USING btree (lower(btrim("item_number"))) WHERE "material_types"."item_number" is not null;--> statement-breakpoint
CREATE INDEX "material_types_category_idx" ON "material_types" USING btree ("category");--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "material_type_id" integer;--> statement-breakpoint
-- Each row's group: its name's key and unit, and, for a live row that shares its location with
-- an earlier live row of the same key (today "Tube" and "tube " may both be at one yard), a
-- variant number, so that a location still holds one live row per type.
CREATE TEMPORARY TABLE "catalogue_rows" AS
SELECT "id",
       lower(btrim("name")) AS "key",
       "unit",
       btrim("name") AS "spelling",
       "created_at",
       CASE WHEN "deleted_at" IS NULL
            THEN row_number() OVER (PARTITION BY "location_id", lower(btrim("name")), "unit", ("deleted_at" IS NULL) ORDER BY "id")
            ELSE 1 END AS "variant"
FROM "materials";
--> statement-breakpoint
-- A type per group, spelled as most of its rows are. A name found with two units keeps its name for
-- the unit most rows use; the others are named with their unit; a variant with its number.
CREATE TEMPORARY TABLE "catalogue_groups" AS
SELECT "key", "unit", "variant", "created_at",
       "spelling"
         || CASE WHEN rank() OVER (PARTITION BY "key", "variant" ORDER BY "n" DESC, "unit") > 1
                 THEN ' (' || "unit" || ')' ELSE '' END
         || CASE WHEN "variant" > 1 THEN ' (' || "variant" || ')' ELSE '' END AS "type_name"
FROM (
  SELECT "key", "unit", "variant", count(*) AS "n", min("created_at") AS "created_at"
  FROM "catalogue_rows"
  GROUP BY "key", "unit", "variant"
) AS "groups"
JOIN (
  SELECT "key", "unit", mode() WITHIN GROUP (ORDER BY "spelling") AS "spelling"
  FROM "catalogue_rows"
  GROUP BY "key", "unit"
) AS "spellings" USING ("key", "unit");
--> statement-breakpoint
INSERT INTO "material_types" ("name", "unit", "created_at", "updated_at")
SELECT "type_name", "unit", "created_at", "created_at" FROM "catalogue_groups" ORDER BY "created_at", "key";
--> statement-breakpoint
UPDATE "materials" AS m
SET "material_type_id" = t."id", "name" = t."name", "unit" = t."unit"
FROM "catalogue_rows" AS r
JOIN "catalogue_groups" AS g USING ("key", "unit", "variant")
JOIN "material_types" AS t ON lower(btrim(t."name")) = lower(btrim(g."type_name"))
WHERE m."id" = r."id";
--> statement-breakpoint
DROP TABLE "catalogue_rows", "catalogue_groups";--> statement-breakpoint
ALTER TABLE "materials" ALTER COLUMN "material_type_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "materials_location_name_unit_unique";--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_material_type_id_material_types_id_fk" FOREIGN KEY ("material_type_id") REFERENCES "public"."material_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "materials_location_type_unique" ON "materials" USING btree ("location_id","material_type_id") WHERE "materials"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "materials_type_idx" ON "materials" USING btree ("material_type_id");--> statement-breakpoint
-- A stock row's name and unit are its type's, copied here and nowhere else: whatever an insert or
-- an update writes into them, the type's are kept.
CREATE FUNCTION "materials_take_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t."name", t."unit" INTO NEW."name", NEW."unit"
  FROM "material_types" AS t WHERE t."id" = NEW."material_type_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "materials_take_type" BEFORE INSERT OR UPDATE OF "material_type_id", "name", "unit" ON "materials"
FOR EACH ROW EXECUTE FUNCTION "materials_take_type"();
--> statement-breakpoint
-- A type renamed in the catalogue is renamed at every location (the trigger above copies it).
CREATE FUNCTION "material_types_rename_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "materials" SET "name" = NEW."name" WHERE "material_type_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "material_types_rename_stock" AFTER UPDATE OF "name", "unit" ON "material_types"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."unit" IS DISTINCT FROM NEW."unit")
EXECUTE FUNCTION "material_types_rename_stock"();
--> statement-breakpoint
-- The open screens hear of a changed catalogue as of changed stock (lib/table-changes.ts).
CREATE TRIGGER "material_types_notice_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "material_types"
FOR EACH STATEMENT EXECUTE FUNCTION "notice_table_change"();
