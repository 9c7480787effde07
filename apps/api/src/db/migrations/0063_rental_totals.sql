CREATE TABLE "material_rental_totals" (
	"location_id" integer NOT NULL,
	"month" date NOT NULL,
	"rentals" integer DEFAULT 0 NOT NULL,
	"units_out" integer DEFAULT 0 NOT NULL,
	"good" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "material_rental_totals_location_id_month_pk" PRIMARY KEY("location_id","month")
);
--> statement-breakpoint
ALTER TABLE "material_rental_totals" ADD CONSTRAINT "material_rental_totals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_rental_totals_month_idx" ON "material_rental_totals" USING btree ("month");--> statement-breakpoint
-- The rentals' one summary (decision 066) recounted from the rows for these destinations (every
-- destination when null, as a seed or this migration asks): their months deleted and written
-- again. One writer at a time per destination (the advisory lock class 8003, db/advisory-locks.ts):
-- a recount that waited sees the other writer's rows once it commits (READ COMMITTED: each
-- statement reads a new snapshot).
CREATE FUNCTION material_rental_totals_recount(only_locations integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF only_locations IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(8003, l.id)
       FROM (SELECT DISTINCT unnest(only_locations) AS id ORDER BY 1) l;
  END IF;
  DELETE FROM material_rental_totals t
   WHERE only_locations IS NULL OR t.location_id = ANY (only_locations);
  INSERT INTO material_rental_totals (location_id, month, rentals, units_out, good, damaged, lost)
  SELECT x.location_id, x.month, sum(x.rentals), sum(x.units_out), sum(x.good), sum(x.damaged),
         sum(x.lost)
    FROM (
      SELECT r.to_location_id AS location_id, date_trunc('month', r.rental_date)::date AS month,
             1 AS rentals,
             coalesce((SELECT sum(i.quantity) FROM material_rental_items i
                        WHERE i.rental_id = r.id), 0) AS units_out,
             0 AS good, 0 AS damaged, 0 AS lost
        FROM material_rentals r
       WHERE only_locations IS NULL OR r.to_location_id = ANY (only_locations)
      UNION ALL
      SELECT r.to_location_id, date_trunc('month', h.return_date)::date, 0, 0,
             h.returned_quantity, h.damaged_quantity, h.lost_quantity
        FROM material_rental_returns h JOIN material_rentals r ON r.id = h.rental_id
       WHERE only_locations IS NULL OR r.to_location_id = ANY (only_locations)
    ) x
   GROUP BY x.location_id, x.month;
END $$;
--> statement-breakpoint
SELECT material_rental_totals_recount(NULL);
