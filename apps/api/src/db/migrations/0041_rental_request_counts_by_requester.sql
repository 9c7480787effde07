-- The request counters gain the requester (decision 034): an admin's search of the requests names
-- people and places, and its total is now the sum of their counts, where it counted thousands of
-- requests at every call. The counters are emptied, keyed anew and rebuilt from the requests.
DELETE FROM "rental_request_counts";--> statement-breakpoint
ALTER TABLE "rental_request_counts" DROP CONSTRAINT "rental_request_counts_location_id_status_pk";--> statement-breakpoint
ALTER TABLE "rental_request_counts" ADD COLUMN "requested_by_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_request_counts" ADD CONSTRAINT "rental_request_counts_location_id_requested_by_id_status_pk" PRIMARY KEY("location_id","requested_by_id","status");--> statement-breakpoint
ALTER TABLE "rental_request_counts" ADD CONSTRAINT "rental_request_counts_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_request_counts_requested_by_idx" ON "rental_request_counts" USING btree ("requested_by_id");--> statement-breakpoint
CREATE INDEX "rental_requests_requested_by_idx" ON "rental_requests" USING btree ("requested_by_id","id");--> statement-breakpoint
DROP TRIGGER "rental_requests_counts_update" ON "rental_requests";--> statement-breakpoint
DROP FUNCTION "rental_request_counts_after_insert"() CASCADE;--> statement-breakpoint
DROP FUNCTION "rental_request_counts_after_delete"() CASCADE;--> statement-breakpoint
DROP FUNCTION "rental_request_counts_after_update"();--> statement-breakpoint
DROP FUNCTION "rental_request_counts_rebuild"();--> statement-breakpoint
DROP FUNCTION "rental_request_counts_add"(integer, text, integer);--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_add"(l integer, r integer, s text, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "rental_request_counts" AS c ("location_id", "requested_by_id", "status", "requests")
    VALUES (l, r, s, n)
    ON CONFLICT ("location_id", "requested_by_id", "status")
    DO UPDATE SET "requests" = c."requests" + excluded."requests";
$$;
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"("location_id", "requested_by_id", "status", count(*)::integer)
    FROM new_rows GROUP BY "location_id", "requested_by_id", "status"
    ORDER BY "location_id", "requested_by_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"("location_id", "requested_by_id", "status", -count(*)::integer)
    FROM old_rows GROUP BY "location_id", "requested_by_id", "status"
    ORDER BY "location_id", "requested_by_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"(l, r, s, sum(n)::integer)
    FROM (VALUES (OLD."location_id", OLD."requested_by_id", OLD."status", -1),
                 (NEW."location_id", NEW."requested_by_id", NEW."status", 1)) v(l, r, s, n)
    GROUP BY l, r, s ORDER BY l, r, s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_insert" AFTER INSERT ON "rental_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rental_request_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_delete" AFTER DELETE ON "rental_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rental_request_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_update" AFTER UPDATE OF "location_id", "requested_by_id", "status" ON "rental_requests"
  FOR EACH ROW
  WHEN (OLD."location_id" IS DISTINCT FROM NEW."location_id"
        OR OLD."requested_by_id" IS DISTINCT FROM NEW."requested_by_id"
        OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "rental_request_counts_after_update"();
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "rental_request_counts";
  INSERT INTO "rental_request_counts" ("location_id", "requested_by_id", "status", "requests")
    SELECT "location_id", "requested_by_id", "status", count(*) FROM "rental_requests" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT "rental_request_counts_rebuild"();
