DROP INDEX "material_rental_returns_rental_idx";--> statement-breakpoint
DROP INDEX "material_rentals_created_idx";--> statement-breakpoint
CREATE INDEX "material_rentals_to_location_created_idx" ON "material_rentals" USING btree ("to_location_id","created_at","status","quantity_total","returned_total");--> statement-breakpoint
CREATE INDEX "material_rentals_written_off_idx" ON "material_rentals" USING btree ("updated_at","created_at","to_location_id","quantity_total","returned_total") WHERE "material_rentals"."status" in ('DAMAGED', 'LOST');--> statement-breakpoint
CREATE INDEX "material_rental_returns_rental_idx" ON "material_rental_returns" USING btree ("rental_id","id","return_date","returned_quantity");--> statement-breakpoint
CREATE INDEX "material_rentals_created_idx" ON "material_rentals" USING btree ("created_at","to_location_id","status","quantity_total","returned_total");