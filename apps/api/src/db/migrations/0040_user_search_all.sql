DROP INDEX "users_search_idx";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("name" || chr(31) || "email") gin_trgm_ops);