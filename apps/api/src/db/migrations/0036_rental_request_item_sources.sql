DROP INDEX "material_rentals_request_unique";--> statement-breakpoint
ALTER TABLE "rental_request_items" ADD COLUMN "source_location_id" integer;--> statement-breakpoint
-- The requests made so far asked for their materials from the material's location (the bulk form
-- offered the delivery location's stock alone); a free-text material has no source.
UPDATE "rental_request_items" AS i SET "source_location_id" = m."location_id"
FROM "materials" AS m WHERE m."id" = i."material_id";--> statement-breakpoint
ALTER TABLE "rental_request_items" ADD CONSTRAINT "rental_request_items_source_location_id_locations_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "material_rentals_request_source_unique" ON "material_rentals" USING btree ("request_id","from_location_id");--> statement-breakpoint
CREATE INDEX "rental_request_items_source_location_idx" ON "rental_request_items" USING btree ("source_location_id");