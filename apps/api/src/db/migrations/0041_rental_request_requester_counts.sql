CREATE TABLE "rental_request_requester_counts" (
	"requested_by_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rental_request_requester_counts_requested_by_id_location_id_status_pk" PRIMARY KEY("requested_by_id","location_id","status")
);
--> statement-breakpoint
ALTER TABLE "rental_request_requester_counts" ADD CONSTRAINT "rental_request_requester_counts_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_request_requester_counts" ADD CONSTRAINT "rental_request_requester_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_request_requester_counts_location_idx" ON "rental_request_requester_counts" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "rental_requests_requested_by_idx" ON "rental_requests" USING btree ("requested_by_id","id");--> statement-breakpoint
-- Kept by the triggers that keep rental_request_counts (migration 0020), in the same statement.
CREATE FUNCTION "rental_request_requester_counts_add"(r integer, l integer, s text, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "rental_request_requester_counts" AS c ("requested_by_id", "location_id", "status", "requests")
    VALUES (r, l, s, n)
    ON CONFLICT ("requested_by_id", "location_id", "status")
    DO UPDATE SET "requests" = c."requests" + excluded."requests";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_request_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"("location_id", "status", count(*)::integer)
    FROM new_rows GROUP BY "location_id", "status" ORDER BY "location_id", "status";
  PERFORM "rental_request_requester_counts_add"("requested_by_id", "location_id", "status", count(*)::integer)
    FROM new_rows GROUP BY "requested_by_id", "location_id", "status"
    ORDER BY "requested_by_id", "location_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_request_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"("location_id", "status", -count(*)::integer)
    FROM old_rows GROUP BY "location_id", "status" ORDER BY "location_id", "status";
  PERFORM "rental_request_requester_counts_add"("requested_by_id", "location_id", "status", -count(*)::integer)
    FROM old_rows GROUP BY "requested_by_id", "location_id", "status"
    ORDER BY "requested_by_id", "location_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_request_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"(l, s, sum(n)::integer)
    FROM (VALUES (OLD."location_id", OLD."status", -1), (NEW."location_id", NEW."status", 1)) v(l, s, n)
    GROUP BY l, s ORDER BY l, s;
  PERFORM "rental_request_requester_counts_add"(r, l, s, sum(n)::integer)
    FROM (VALUES (OLD."requested_by_id", OLD."location_id", OLD."status", -1),
                 (NEW."requested_by_id", NEW."location_id", NEW."status", 1)) v(r, l, s, n)
    GROUP BY r, l, s ORDER BY r, l, s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_request_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "rental_request_counts";
  DELETE FROM "rental_request_requester_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "rental_requests_counts_update" ON "rental_requests";--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_update" AFTER UPDATE OF "location_id", "requested_by_id", "status" ON "rental_requests"
  FOR EACH ROW
  WHEN (OLD."location_id" IS DISTINCT FROM NEW."location_id"
        OR OLD."requested_by_id" IS DISTINCT FROM NEW."requested_by_id"
        OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "rental_request_counts_after_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rental_request_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "rental_request_counts";
  INSERT INTO "rental_request_counts" ("location_id", "status", "requests")
    SELECT "location_id", "status", count(*) FROM "rental_requests" GROUP BY 1, 2;
  DELETE FROM "rental_request_requester_counts";
  INSERT INTO "rental_request_requester_counts" ("requested_by_id", "location_id", "status", "requests")
    SELECT "requested_by_id", "location_id", "status", count(*) FROM "rental_requests" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT "rental_request_counts_rebuild"();
