-- The rentals' one summary (decision 066) recounted in the months a write touched, not in every
-- month of its destination (decision 067): a return recounts its month; a dispatch the month it
-- left; a corrected day both months. Every month when no month is named (a seed, a new
-- destination). The returns side asks each rental of the destination for its returns in those
-- months (a lateral probe of material_rental_returns_rental_idx), since the returns of a month at
-- every destination are many more. Custom plans: NULL means "every", and a generic plan would
-- have to read everything for it.
DROP FUNCTION material_rental_totals_recount(integer[]);--> statement-breakpoint
CREATE FUNCTION material_rental_totals_recount(
  only_locations integer[], only_months date[] DEFAULT NULL
) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  first_day date := (SELECT min(m) FROM unnest(only_months) m);
  after_day date := (SELECT max(m) + 31 FROM unnest(only_months) m);
BEGIN
  IF only_locations IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(8003, l.id)
       FROM (SELECT DISTINCT unnest(only_locations) AS id ORDER BY 1) l;
  END IF;
  DELETE FROM material_rental_totals t
   WHERE (only_locations IS NULL OR t.location_id = ANY (only_locations))
     AND (only_months IS NULL OR t.month = ANY (only_months));
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
       WHERE (only_locations IS NULL OR r.to_location_id = ANY (only_locations))
         AND (only_months IS NULL OR (r.rental_date >= first_day AND r.rental_date < after_day))
      UNION ALL
      SELECT r.to_location_id, date_trunc('month', h.return_date)::date, 0, 0,
             h.returned_quantity, h.damaged_quantity, h.lost_quantity
        FROM material_rentals r
       CROSS JOIN LATERAL (
             SELECT h.return_date, h.returned_quantity, h.damaged_quantity, h.lost_quantity
               FROM material_rental_returns h
              WHERE h.rental_id = r.id
                AND (only_months IS NULL OR (h.return_date >= first_day AND h.return_date < after_day))
             OFFSET 0) h
       WHERE (only_locations IS NULL OR r.to_location_id = ANY (only_locations))
         AND (only_months IS NULL OR r.rental_date < after_day)
    ) x
   WHERE only_months IS NULL OR x.month = ANY (only_months)
   GROUP BY x.location_id, x.month;
END $$;
