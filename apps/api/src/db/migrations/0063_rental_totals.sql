CREATE TABLE "material_rental_totals" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"rentals" integer DEFAULT 0 NOT NULL,
	"units_out" integer DEFAULT 0 NOT NULL,
	"good" integer DEFAULT 0 NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_rental_totals" ADD CONSTRAINT "material_rental_totals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rentals' one summary (decision 066) recounted from the rows for these destinations (every
-- destination when null): called by the rentals' repository in the transaction of each write, and
-- by a seed that writes rows directly. The rows are locked first, in order, so that a recount
-- started after another writer's commit sees it (READ COMMITTED: each statement a new snapshot).
CREATE FUNCTION material_rental_totals_recount(only_locations integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO material_rental_totals (location_id)
  SELECT DISTINCT r.to_location_id FROM material_rentals r
   WHERE only_locations IS NULL OR r.to_location_id = ANY (only_locations)
  UNION
  SELECT l.id FROM locations l WHERE l.id = ANY (only_locations)
  ON CONFLICT (location_id) DO NOTHING;
  PERFORM 1 FROM material_rental_totals t
   WHERE only_locations IS NULL OR t.location_id = ANY (only_locations)
   ORDER BY t.location_id FOR UPDATE;
  UPDATE material_rental_totals t
     SET rentals = coalesce((SELECT count(*) FROM material_rentals r
                              WHERE r.to_location_id = t.location_id), 0),
         units_out = coalesce((SELECT sum(i.quantity) FROM material_rental_items i
                                 JOIN material_rentals r ON r.id = i.rental_id
                                WHERE r.to_location_id = t.location_id), 0),
         good = coalesce(b.good, 0), damaged = coalesce(b.damaged, 0), lost = coalesce(b.lost, 0)
    FROM material_rental_totals t2
    LEFT JOIN LATERAL (
      SELECT sum(h.returned_quantity) AS good, sum(h.damaged_quantity) AS damaged,
             sum(h.lost_quantity) AS lost
        FROM material_rental_returns h JOIN material_rentals r ON r.id = h.rental_id
       WHERE r.to_location_id = t2.location_id) b ON true
   WHERE t2.location_id = t.location_id
     AND (only_locations IS NULL OR t.location_id = ANY (only_locations));
END $$;
--> statement-breakpoint
SELECT material_rental_totals_recount(NULL);
