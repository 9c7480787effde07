DROP INDEX "invoices_search_idx";--> statement-breakpoint
DROP INDEX "locations_name_search_idx";--> statement-breakpoint
DROP INDEX "users_search_idx";--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin (search_fold("invoice_id" || chr(31) || "client_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_name_search_idx" ON "locations" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (search_fold(("name" || chr(31) || "email")) gin_trgm_ops);