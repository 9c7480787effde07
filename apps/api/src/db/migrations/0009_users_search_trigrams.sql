-- Trusted since PostgreSQL 13: the owner of the database may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("name" || chr(31) || "email") gin_trgm_ops) WHERE "users"."deleted_at" is null;
