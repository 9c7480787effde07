CREATE TABLE "material_rental_counts" (
	"to_location_id" integer NOT NULL,
	"status" text NOT NULL,
	"rentals" integer DEFAULT 0 NOT NULL,
	"units_rented" bigint DEFAULT 0 NOT NULL,
	"units_returned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "material_rental_counts_to_location_id_status_pk" PRIMARY KEY("to_location_id","status")
);
--> statement-breakpoint
CREATE TABLE "rental_request_counts" (
	"location_id" integer NOT NULL,
	"status" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rental_request_counts_location_id_status_pk" PRIMARY KEY("location_id","status")
);
--> statement-breakpoint
ALTER TABLE "material_rental_counts" ADD CONSTRAINT "material_rental_counts_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_request_counts" ADD CONSTRAINT "rental_request_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_rentals_active_by_destination_idx" ON "material_rentals" USING btree ("to_location_id","expected_return_date","quantity_total","returned_total") WHERE "material_rentals"."status" = 'ACTIVE';--> statement-breakpoint
-- The rental counters (decision 016): inserts and deletes add up their transition tables, an
-- update moves its row from one counter to the other; counter rows are touched in key order, so
-- that concurrent writers take their locks in the same order.
CREATE FUNCTION "material_rental_counts_add"(l integer, s text, n integer, rented bigint, back bigint)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "material_rental_counts" AS c ("to_location_id", "status", "rentals", "units_rented", "units_returned")
    VALUES (l, s, n, rented, back)
    ON CONFLICT ("to_location_id", "status") DO UPDATE SET
      "rentals" = c."rentals" + excluded."rentals",
      "units_rented" = c."units_rented" + excluded."units_rented",
      "units_returned" = c."units_returned" + excluded."units_returned";
$$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"("to_location_id", "status", count(*)::integer, sum("quantity_total"), sum("returned_total"))
    FROM new_rows GROUP BY "to_location_id", "status" ORDER BY "to_location_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"("to_location_id", "status", -count(*)::integer, -sum("quantity_total"), -sum("returned_total"))
    FROM old_rows GROUP BY "to_location_id", "status" ORDER BY "to_location_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"(l, s, sum(n)::integer, sum(rented)::bigint, sum(back)::bigint)
    FROM (VALUES
      (OLD."to_location_id", OLD."status", -1, -OLD."quantity_total"::bigint, -OLD."returned_total"::bigint),
      (NEW."to_location_id", NEW."status", 1, NEW."quantity_total"::bigint, NEW."returned_total"::bigint)
    ) v(l, s, n, rented, back)
    GROUP BY l, s ORDER BY l, s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "material_rental_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "material_rentals_counts_insert" AFTER INSERT ON "material_rentals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "material_rentals_counts_delete" AFTER DELETE ON "material_rentals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "material_rentals_counts_update" AFTER UPDATE OF "to_location_id", "status", "quantity_total", "returned_total" ON "material_rentals"
  FOR EACH ROW
  WHEN (OLD."to_location_id" IS DISTINCT FROM NEW."to_location_id" OR OLD."status" IS DISTINCT FROM NEW."status"
        OR OLD."quantity_total" IS DISTINCT FROM NEW."quantity_total" OR OLD."returned_total" IS DISTINCT FROM NEW."returned_total")
  EXECUTE FUNCTION "material_rental_counts_after_update"();
--> statement-breakpoint
CREATE TRIGGER "material_rentals_counts_truncate" AFTER TRUNCATE ON "material_rentals"
  FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_counts_after_truncate"();
--> statement-breakpoint
-- Counted afresh from the rentals: here, and after a bulk load made with triggers off (the bench).
CREATE FUNCTION "material_rental_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "material_rental_counts";
  INSERT INTO "material_rental_counts" ("to_location_id", "status", "rentals", "units_rented", "units_returned")
    SELECT "to_location_id", "status", count(*), sum("quantity_total"), sum("returned_total")
    FROM "material_rentals" GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "material_rental_counts_rebuild"();
--> statement-breakpoint
-- The request counters, the same way.
CREATE FUNCTION "rental_request_counts_add"(l integer, s text, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "rental_request_counts" AS c ("location_id", "status", "requests") VALUES (l, s, n)
    ON CONFLICT ("location_id", "status") DO UPDATE SET "requests" = c."requests" + excluded."requests";
$$;
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"("location_id", "status", count(*)::integer)
    FROM new_rows GROUP BY "location_id", "status" ORDER BY "location_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"("location_id", "status", -count(*)::integer)
    FROM old_rows GROUP BY "location_id", "status" ORDER BY "location_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rental_request_counts_add"(l, s, sum(n)::integer)
    FROM (VALUES (OLD."location_id", OLD."status", -1), (NEW."location_id", NEW."status", 1)) v(l, s, n)
    GROUP BY l, s ORDER BY l, s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "rental_request_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_insert" AFTER INSERT ON "rental_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rental_request_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_delete" AFTER DELETE ON "rental_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rental_request_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_update" AFTER UPDATE OF "location_id", "status" ON "rental_requests"
  FOR EACH ROW
  WHEN (OLD."location_id" IS DISTINCT FROM NEW."location_id" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "rental_request_counts_after_update"();
--> statement-breakpoint
CREATE TRIGGER "rental_requests_counts_truncate" AFTER TRUNCATE ON "rental_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "rental_request_counts_after_truncate"();
--> statement-breakpoint
CREATE FUNCTION "rental_request_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "rental_request_counts";
  INSERT INTO "rental_request_counts" ("location_id", "status", "requests")
    SELECT "location_id", "status", count(*) FROM "rental_requests" GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "rental_request_counts_rebuild"();
