DROP INDEX "rental_requests_requested_by_idx";--> statement-breakpoint
CREATE INDEX "rental_requests_requested_by_status_idx" ON "rental_requests" USING btree ("requested_by_id","status","id");