CREATE TABLE "material_rental_item_names" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Every name a rental item has been given, once (decision 023): the list's search tests these few
-- hundred names instead of finding the distinct names among all the items. The names the items
-- have now, before each item refers to its own.
INSERT INTO "material_rental_item_names" ("name")
SELECT DISTINCT "material_name" FROM "material_rental_items";
--> statement-breakpoint
-- An item takes its name from here: whoever writes an item, its name is written first, before the
-- foreign key below looks for it. A name no item has any more stays (its search finds no item);
-- taking it out would race with an item taking it again.
CREATE FUNCTION "material_rental_item_name_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "material_rental_item_names" ("name") VALUES (NEW."material_name") ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "material_rental_items_name_kept" BEFORE INSERT OR UPDATE OF "material_name" ON "material_rental_items"
  FOR EACH ROW EXECUTE FUNCTION "material_rental_item_name_kept"();
--> statement-breakpoint
ALTER TABLE "material_rental_items" ADD CONSTRAINT "material_rental_items_name_fk" FOREIGN KEY ("material_name") REFERENCES "public"."material_rental_item_names"("name") ON DELETE restrict ON UPDATE no action;
