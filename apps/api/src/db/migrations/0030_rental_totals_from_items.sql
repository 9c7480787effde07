DROP INDEX "material_rental_items_name_search_idx";--> statement-breakpoint
CREATE INDEX "material_rental_items_name_idx" ON "material_rental_items" USING btree ("material_name","rental_id");--> statement-breakpoint
-- A rental's totals are the sums of its items (decision 023), kept by these triggers whoever
-- writes the items, and never by the API: an insert or a deletion adds up its transition table
-- per rental, an update the difference between its new and old rows (the API writes the items of
-- one rental per statement, that rental held FOR UPDATE). The counters of migration 0020 follow
-- the rental's row as before.
CREATE FUNCTION "material_rental_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "material_rentals" r SET "quantity_total" = r."quantity_total" + d.q, "returned_total" = r."returned_total" + d.b
  FROM (SELECT "rental_id" AS id, sum("quantity")::integer AS q, sum("quantity_actually_returned")::integer AS b
        FROM new_rows GROUP BY 1) d
  WHERE r."id" = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "material_rentals" r SET "quantity_total" = r."quantity_total" - d.q, "returned_total" = r."returned_total" - d.b
  FROM (SELECT "rental_id" AS id, sum("quantity")::integer AS q, sum("quantity_actually_returned")::integer AS b
        FROM old_rows GROUP BY 1) d
  WHERE r."id" = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "material_rental_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "material_rentals" r SET "quantity_total" = r."quantity_total" + d.q, "returned_total" = r."returned_total" + d.b
  FROM (SELECT id, sum(q)::integer AS q, sum(b)::integer AS b
        FROM (SELECT "rental_id" AS id, "quantity" AS q, "quantity_actually_returned" AS b FROM new_rows
              UNION ALL
              SELECT "rental_id", -"quantity", -"quantity_actually_returned" FROM old_rows) c
        GROUP BY id HAVING sum(q) <> 0 OR sum(b) <> 0) d
  WHERE r."id" = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "material_rental_items_totals_insert" AFTER INSERT ON "material_rental_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_totals_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "material_rental_items_totals_delete" AFTER DELETE ON "material_rental_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_totals_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "material_rental_items_totals_update" AFTER UPDATE ON "material_rental_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "material_rental_totals_after_update"();
--> statement-breakpoint
-- From now on the items are the one truth: any total that disagrees with them is set from them.
UPDATE "material_rentals" r SET "quantity_total" = s.q, "returned_total" = s.b
FROM (SELECT r2."id", coalesce(sum(i."quantity"), 0)::integer AS q,
             coalesce(sum(i."quantity_actually_returned"), 0)::integer AS b
      FROM "material_rentals" r2 LEFT JOIN "material_rental_items" i ON i."rental_id" = r2."id"
      GROUP BY r2."id") s
WHERE r."id" = s."id" AND (r."quantity_total" <> s.q OR r."returned_total" <> s.b);
