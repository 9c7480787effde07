CREATE TABLE "user_counts" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_one_row" CHECK ("user_counts"."only")
);
--> statement-breakpoint
-- Every change of how many users are not removed goes through the one counter row, as an
-- increment, so that concurrent writers never lose each other's change.
CREATE FUNCTION "user_counts_add"(delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "user_counts" AS c ("only", "live") VALUES (true, delta)
    ON CONFLICT ("only") DO UPDATE SET "live" = c."live" + excluded."live";
$$;
--> statement-breakpoint
CREATE FUNCTION "user_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  SELECT count(*) INTO n FROM new_rows WHERE "deleted_at" IS NULL;
  IF n <> 0 THEN PERFORM "user_counts_add"(n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  SELECT count(*) INTO n FROM old_rows WHERE "deleted_at" IS NULL;
  IF n <> 0 THEN PERFORM "user_counts_add"(-n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: only a (soft) removal or a restore changes the count.
CREATE FUNCTION "user_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_counts_add"(CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_counts" SET "live" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_counts_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "users_counts_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "users_counts_update" AFTER UPDATE OF "deleted_at" ON "users"
  FOR EACH ROW WHEN ((OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "user_counts_after_update"();
--> statement-breakpoint
CREATE TRIGGER "users_counts_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_after_truncate"();
--> statement-breakpoint
INSERT INTO "user_counts" ("only", "live")
  SELECT true, count(*) FROM "users" WHERE "deleted_at" IS NULL;
