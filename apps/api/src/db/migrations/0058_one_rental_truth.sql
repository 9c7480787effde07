-- Decision 050: a rental's quantities have one truth, its lines (what went out) and their dated
-- returns (good, damaged, lost), as the stock's is its ledger. Every figure is read from them; the
-- copies kept by code and by triggers go, with their triggers and functions (migrations 0020,
-- 0030, 0041, 0043, 0045, 0048): the items' counters, the rentals' totals, the counts per
-- destination and status, the out-changes and flows by month, the request counters. The change
-- notices (migrations 0024, 0025) stay. LOST and DAMAGED are no status any more (none has been
-- stored since migration 0048).
DROP TRIGGER IF EXISTS "material_rentals_counts_insert" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rentals_counts_delete" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rentals_counts_update" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rentals_counts_truncate" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rentals_flows_insert" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rentals_flows_delete" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rentals_flows_update" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rentals_flows_truncate" ON "material_rentals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rental_items_totals_insert" ON "material_rental_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rental_items_totals_delete" ON "material_rental_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rental_items_totals_update" ON "material_rental_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rental_returns_flows_insert" ON "material_rental_returns";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rental_returns_flows_delete" ON "material_rental_returns";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rental_returns_flows_update" ON "material_rental_returns";--> statement-breakpoint
DROP TRIGGER IF EXISTS "material_rental_returns_flows_truncate" ON "material_rental_returns";--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_requests_counts_insert" ON "rental_requests";--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_requests_counts_delete" ON "rental_requests";--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_requests_counts_update" ON "rental_requests";--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_requests_counts_truncate" ON "rental_requests";--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_counts_after_insert"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_counts_after_delete"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_counts_after_update"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_counts_after_truncate"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_counts_add"(integer, text, integer, bigint, bigint, bigint, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_counts_rebuild"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_out_add"(integer, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_out_changes_rebuild"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_after_insert"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_after_delete"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_after_update"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_after_truncate"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_returns_changed"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_returns_truncated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_add"(integer, date, bigint, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_flows_rebuild"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "stockyard_month"(timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_totals_after_insert"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_totals_after_delete"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "material_rental_totals_after_update"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_request_counts_after_insert"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_request_counts_after_delete"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_request_counts_after_update"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_request_counts_after_truncate"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_request_counts_add"(integer, text, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_request_requester_counts_add"(integer, integer, text, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "rental_request_counts_rebuild"();--> statement-breakpoint
DROP TABLE "material_rental_counts" CASCADE;--> statement-breakpoint
DROP TABLE "material_rental_flows" CASCADE;--> statement-breakpoint
DROP TABLE "material_rental_out_changes" CASCADE;--> statement-breakpoint
DROP TABLE "rental_request_counts" CASCADE;--> statement-breakpoint
DROP TABLE "rental_request_requester_counts" CASCADE;--> statement-breakpoint
ALTER TABLE "material_rental_items" DROP CONSTRAINT "material_rental_items_returned_check";--> statement-breakpoint
ALTER TABLE "material_rentals" DROP CONSTRAINT "material_rentals_totals_check";--> statement-breakpoint
DROP INDEX "material_rentals_created_idx";--> statement-breakpoint
DROP INDEX "material_rentals_to_location_created_idx";--> statement-breakpoint
DROP INDEX "material_rental_items_rental_idx";--> statement-breakpoint
DROP INDEX "material_rental_returns_rental_idx";--> statement-breakpoint
DROP INDEX "material_rental_returns_item_idx";--> statement-breakpoint
DROP INDEX "material_rental_returns_date_idx";--> statement-breakpoint
DROP INDEX "material_rentals_active_by_destination_idx";--> statement-breakpoint
CREATE INDEX "material_rentals_rental_date_idx" ON "material_rentals" USING btree ("rental_date","to_location_id");--> statement-breakpoint
CREATE INDEX "material_rentals_to_location_rental_date_idx" ON "material_rentals" USING btree ("to_location_id","rental_date");--> statement-breakpoint
CREATE INDEX "material_rental_items_rental_idx" ON "material_rental_items" USING btree ("rental_id","id","quantity");--> statement-breakpoint
CREATE INDEX "material_rental_returns_rental_idx" ON "material_rental_returns" USING btree ("rental_id","id","return_date","returned_quantity","damaged_quantity","lost_quantity");--> statement-breakpoint
CREATE INDEX "material_rental_returns_item_idx" ON "material_rental_returns" USING btree ("rental_item_id","returned_quantity","damaged_quantity","lost_quantity");--> statement-breakpoint
CREATE INDEX "material_rental_returns_date_idx" ON "material_rental_returns" USING btree ("return_date","rental_id","returned_quantity","damaged_quantity","lost_quantity");--> statement-breakpoint
CREATE INDEX "material_rentals_active_by_destination_idx" ON "material_rentals" USING btree ("to_location_id","expected_return_date") WHERE "material_rentals"."status" = 'ACTIVE';--> statement-breakpoint
ALTER TABLE "material_rental_items" DROP COLUMN "quantity_actually_returned";--> statement-breakpoint
ALTER TABLE "material_rental_items" DROP COLUMN "quantity_damaged";--> statement-breakpoint
ALTER TABLE "material_rental_items" DROP COLUMN "quantity_lost";--> statement-breakpoint
ALTER TABLE "material_rentals" DROP COLUMN "quantity_total";--> statement-breakpoint
ALTER TABLE "material_rentals" DROP COLUMN "returned_total";--> statement-breakpoint
ALTER TABLE "material_rentals" DROP COLUMN "damaged_total";--> statement-breakpoint
ALTER TABLE "material_rentals" DROP COLUMN "lost_total";
--> statement-breakpoint
ALTER TABLE "material_rentals" DROP CONSTRAINT "material_rentals_status_check";--> statement-breakpoint
ALTER TABLE "material_rentals" ADD CONSTRAINT "material_rentals_status_check" CHECK ("material_rentals"."status" in ('ACTIVE', 'RETURNED'));
