CREATE TABLE "material_rental_out_changes" (
	"to_location_id" integer NOT NULL,
	"month" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "material_rental_out_changes_to_location_id_month_pk" PRIMARY KEY("to_location_id","month")
);
--> statement-breakpoint
ALTER TABLE "material_rental_out_changes" ADD CONSTRAINT "material_rental_out_changes_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_rental_out_changes_month_idx" ON "material_rental_out_changes" USING btree ("month");--> statement-breakpoint
-- The month a time falls in on the server's calendar: the API names its time zone in the setting
-- stockyard.time_zone of each connection (db/client.ts); elsewhere (psql, a script) the
-- connection's own TimeZone.
CREATE FUNCTION "stockyard_month"(t timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', t AT TIME ZONE coalesce(nullif(current_setting('stockyard.time_zone', true), ''),
                                                     current_setting('TimeZone')))::date;
$$;
--> statement-breakpoint
-- A change of the units out on ACTIVE rentals to a location, booked in the month of the
-- transaction that writes it (decision 035).
CREATE FUNCTION "material_rental_out_add"(l integer, units bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "material_rental_out_changes" AS c ("to_location_id", "month", "units")
    SELECT l, "stockyard_month"(now()), units WHERE units <> 0
    ON CONFLICT ("to_location_id", "month") DO UPDATE SET "units" = c."units" + excluded."units";
$$;
--> statement-breakpoint
-- Kept by the triggers that keep material_rental_counts (migration 0020), in the same statement
-- and after its counters, rows touched in location order.
CREATE OR REPLACE FUNCTION "material_rental_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"("to_location_id", "status", count(*)::integer, sum("quantity_total"), sum("returned_total"))
    FROM new_rows GROUP BY "to_location_id", "status" ORDER BY "to_location_id", "status";
  PERFORM "material_rental_out_add"("to_location_id", sum("quantity_total" - "returned_total")::bigint)
    FROM new_rows WHERE "status" = 'ACTIVE' GROUP BY "to_location_id" ORDER BY "to_location_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"("to_location_id", "status", -count(*)::integer, -sum("quantity_total"), -sum("returned_total"))
    FROM old_rows GROUP BY "to_location_id", "status" ORDER BY "to_location_id", "status";
  PERFORM "material_rental_out_add"("to_location_id", -sum("quantity_total" - "returned_total")::bigint)
    FROM old_rows WHERE "status" = 'ACTIVE' GROUP BY "to_location_id" ORDER BY "to_location_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "material_rental_counts_add"(l, s, sum(n)::integer, sum(rented)::bigint, sum(back)::bigint)
    FROM (VALUES
      (OLD."to_location_id", OLD."status", -1, -OLD."quantity_total"::bigint, -OLD."returned_total"::bigint),
      (NEW."to_location_id", NEW."status", 1, NEW."quantity_total"::bigint, NEW."returned_total"::bigint)
    ) v(l, s, n, rented, back)
    GROUP BY l, s ORDER BY l, s;
  PERFORM "material_rental_out_add"(l, sum(units)::bigint)
    FROM (VALUES
      (OLD."to_location_id", CASE WHEN OLD."status" = 'ACTIVE' THEN -(OLD."quantity_total" - OLD."returned_total") ELSE 0 END),
      (NEW."to_location_id", CASE WHEN NEW."status" = 'ACTIVE' THEN NEW."quantity_total" - NEW."returned_total" ELSE 0 END)
    ) v(l, units)
    GROUP BY l ORDER BY l;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "material_rental_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "material_rental_counts";
  DELETE FROM "material_rental_out_changes";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The changes of every month afresh from the rentals and their returns: here, and after a bulk
-- load made with triggers off (the bench). A rental took out, in the month it was made, all it
-- took (ACTIVE, LOST, DAMAGED) or what came back of it (RETURNED: the rest is counted out of no
-- month, as the rental stats count it); each return brought units back in its month; a write-off
-- took the rest off the count in the month of its last change. The months add up to the units
-- out now, as the counters hold them.
CREATE FUNCTION "material_rental_out_changes_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "material_rental_out_changes";
  INSERT INTO "material_rental_out_changes" ("to_location_id", "month", "units")
    SELECT "to_location_id", "month", sum("units")
    FROM (
      SELECT r."to_location_id", "stockyard_month"(r."created_at") AS "month",
             (CASE WHEN r."status" = 'RETURNED' THEN r."returned_total" ELSE r."quantity_total" END)::bigint AS "units"
        FROM "material_rentals" r
      UNION ALL
      SELECT r."to_location_id", "stockyard_month"(h."return_date"), -h."returned_quantity"::bigint
        FROM "material_rental_returns" h JOIN "material_rentals" r ON r."id" = h."rental_id"
      UNION ALL
      SELECT r."to_location_id", "stockyard_month"(r."updated_at"), -(r."quantity_total" - r."returned_total")::bigint
        FROM "material_rentals" r WHERE r."status" IN ('LOST', 'DAMAGED')
    ) AS "moves"
    GROUP BY "to_location_id", "month"
    HAVING sum("units") <> 0;
$$;
--> statement-breakpoint
SELECT "material_rental_out_changes_rebuild"();
