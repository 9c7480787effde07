-- Searches ignore accents and case alike (issue 50, decision 054). unaccent is in contrib, trusted
-- since PostgreSQL 13 as pg_trgm is. unaccent() itself is only stable (its dictionary could be
-- changed); this wrapper names its dictionary and is declared immutable, so that the trigram
-- indexes are built over it. Its rules do not change while the database runs.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $fold$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $fold$;
