-- The lists read newest first (ORDER BY x DESC, which is NULLS FIRST). An index built DESC NULLS LAST
-- (drizzle's .desc()) gives that order in neither direction, so every page sorted its rows; an
-- ascending index read backwards gives it exactly.
DROP INDEX "activity_logs_timestamp_idx";--> statement-breakpoint
DROP INDEX "activity_logs_location_idx";--> statement-breakpoint
DROP INDEX "invoices_issue_date_idx";--> statement-breakpoint
DROP INDEX "invoices_location_issue_date_idx";--> statement-breakpoint
DROP INDEX "material_rentals_to_location_idx";--> statement-breakpoint
DROP INDEX "material_rentals_status_idx";--> statement-breakpoint
DROP INDEX "material_rentals_to_location_status_idx";--> statement-breakpoint
DROP INDEX "stock_movements_material_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "rental_requests_status_idx";--> statement-breakpoint
DROP INDEX "rental_requests_location_idx";--> statement-breakpoint
DROP INDEX "rental_requests_location_status_idx";--> statement-breakpoint
DROP INDEX "rental_requests_requested_by_idx";--> statement-breakpoint
CREATE INDEX "activity_logs_timestamp_idx" ON "activity_logs" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "activity_logs_location_idx" ON "activity_logs" USING btree ("location_id","timestamp");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_location_issue_date_idx" ON "invoices" USING btree ("location_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "material_rentals_to_location_idx" ON "material_rentals" USING btree ("to_location_id","id");--> statement-breakpoint
CREATE INDEX "material_rentals_status_idx" ON "material_rentals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "material_rentals_to_location_status_idx" ON "material_rentals" USING btree ("to_location_id","status","id");--> statement-breakpoint
CREATE INDEX "stock_movements_material_idx" ON "stock_movements" USING btree ("material_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rental_requests_status_idx" ON "rental_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "rental_requests_location_idx" ON "rental_requests" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "rental_requests_location_status_idx" ON "rental_requests" USING btree ("location_id","status","id");--> statement-breakpoint
CREATE INDEX "rental_requests_requested_by_idx" ON "rental_requests" USING btree ("requested_by_id","id");